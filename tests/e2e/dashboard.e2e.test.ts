import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { answerQuizCorrectly } from "#tests/support/earning";
import { createVerifiedUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { desktop, phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/** Sums the page's layout shifts (as CLS does, without input-driven ones) from its first paint on. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number };
    w.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.__shifts += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
}

/**
 * "/" for a signed-in player: the dashboard (docs/product.md, "Dashboard"). Guests keep the home (home.e2e.test.ts,
 * shell.e2e.test.ts).
 */
describeE2E("dashboard", () => {
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", TRUST_PROXY: "true" });
  const api = () => httpClient(e2e.server.url);

  for (const [name, viewport] of [
    ["at 360 px", phone],
    ["on a desktop", desktop],
  ] as const)
    it(`signed in, ${name}: the balance, today's progress, the goal, one next action, no link back to "/"`, async () => {
      const user = await createVerifiedUser(api());
      await answerQuizCorrectly(api(), user, 3);
      const { page, errors } = await signedInPage(e2e, user, viewport);
      const shifts = await watchLayoutShifts(page);
      await page.goto("/");

      await page.getByRole("heading", { level: 1, name: "Your dashboard" }).waitFor();
      const main = page.getByRole("main");
      // The balance in coins and dollars, and the way to the next payout.
      await main.getByText("30 coins", { exact: true }).waitFor({ timeout: 15_000 });
      expect(await main.getByText("$0.15", { exact: true }).count()).toBe(1);
      await main.getByText("30 / 1000 coins → $5.00", { exact: true }).waitFor({ timeout: 10_000 });
      expect(
        await page
          .getByRole("progressbar", { name: "Progress to the next payout" })
          .getAttribute("aria-valuenow"),
      ).toBe("30");
      // Today's allowance, and the one next step.
      const today = page.getByRole("region", { name: "Today" });
      await expect
        .poll(() => today.textContent(), { timeout: 10_000 })
        .toContain("20 of 20 paid wins left today");
      expect(await today.textContent()).toContain("2 of 3 paid quizzes left today");
      // The quiz round left with 3 of its 10 answers comes first (docs/product.md, "Quizzes").
      const next = main.getByRole("link", { name: "Resume: 3 of 10 answered" });
      await next.waitFor({ timeout: 10_000 });
      expect(await next.getAttribute("href")).toBe("/quizzes");
      // The daily goal and the streak.
      const goal = page.getByRole("region", { name: "Daily goal and streak" });
      await goal.getByText("30 / 100 coins today", { exact: true }).waitFor({ timeout: 10_000 });
      expect(await goal.getByRole("progressbar", { name: "Daily goal" }).getAttribute("aria-valuenow")).toBe(
        "30",
      );
      expect(await goal.getByText("0 days in a row", { exact: true }).count()).toBe(1);
      expect(await goal.getByText("0 of 2 held", { exact: true }).count()).toBe(1);
      expect(await goal.getByRole("list", { name: "The last 28 days" }).getByRole("listitem").count()).toBe(
        28,
      );
      // The last earnings, a quiz session as one entry.
      await page
        .getByRole("list", { name: "Recent activity" })
        .getByText("General Knowledge: 3 correct +30", { exact: true })
        .waitFor({ timeout: 10_000 });

      // No 'Get Started Now', and no link in the page that leads back to "/" (directly or through /auth).
      expect(await page.getByRole("link", { name: "Get Started Now" }).count()).toBe(0);
      const hrefs = await main
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.filter((href) => href === "/" || href === null || href.startsWith("/auth"))).toEqual([]);

      // The rules are a tap away, keyboard-usable.
      const rules = goal.getByText("How the streak works, and your history");
      await rules.focus();
      await page.keyboard.press("Enter");
      await goal.getByText(/^Earn 100 coins in a day \(UTC\)/).waitFor();
      expect(await goal.getByText("Nothing yet: meet the goal to start a streak.").count()).toBe(1);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.viewport?.width ?? 0,
      );
      await expectNoAxeViolations(page);
      // The prerendered frame had the data's shape: nothing moved when it arrived.
      expect(await shifts()).toBeLessThanOrEqual(0.01);
      expect(errors).toEqual([]);
    });

  it("a guest's / is the home, unchanged: the headline and 'Get Started Now'", async () => {
    const { page, errors } = await e2e.newPage(phone);
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Play, Learn, Earn!" }).waitFor();
    expect(await page.getByRole("link", { name: "Get Started Now" }).getAttribute("href")).toBe("/auth");
    expect(await page.getByRole("heading", { name: "Your dashboard" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
