import type { BrowserContextOptions } from "playwright-core";
import { expect, it } from "vitest";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { desktop } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";
import { balanceOf, expectNotice, signedInPage } from "./support/pages";

/**
 * Watch & Earn: the video gallery for guests and for signed-in users who earn 10 coins a watch.
 * Users are made through the API and their session cookie is put into the browser.
 */
describeE2E("videos pages", () => {
  // TRUST_PROXY: API-made users sign up from their own X-Forwarded-For address, as real users would.
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000", TRUST_PROXY: "true" });
  const api = () => httpClient(e2e.server.url);
  const signedIn = (user: TestUser, options: BrowserContextOptions = desktop) =>
    signedInPage(e2e, user, options);

  it("videos, guest: three playable videos, disabled 'Login to Watch & Earn' and a log-in message", async () => {
    const { page, errors } = await e2e.newPage();
    await page.goto("/videos");
    await page.getByRole("heading", { level: 1, name: "Watch & Earn" }).waitFor();
    await page.getByText("Watch to the end to earn.").waitFor();
    await expect.poll(() => page.locator("video[controls]").count(), { timeout: 15_000 }).toBe(3);
    for (const title of ["Exciting New Content!", "Tutorial: Get Started", "Community Highlights"])
      await page.getByRole("heading", { name: title, exact: true }).waitFor();
    const buttons = page.getByRole("button", { name: "Login to Watch & Earn", exact: true });
    await buttons.first().waitFor();
    expect(await buttons.count()).toBe(3);
    for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Watch Video (Earn 10 Coins)" }).count()).toBe(0);
    await page.getByText("Log in to watch videos and earn coins.").waitFor();
    expect(await page.getByRole("link", { name: "Log in", exact: true }).getAttribute("href")).toBe(
      "/auth?redirectTo=%2Fvideos",
    );
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  // A real 20-second video played to its end, on a busy machine: more than the default minute.
  it("videos, signed in: a real video plays to the end and pays +10, told once by the alert", {
    timeout: 180_000,
  }, async () => {
    const user = await createVerifiedUser(api());
    const { page, errors } = await signedIn(user);
    await page.goto("/videos");
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(0);
    const watch = page.getByRole("button", { name: "Watch Video (Earn 10 Coins)", exact: true });
    await watch.first().waitFor();
    expect(await watch.count()).toBe(3);
    await expectNoAxeViolations(page);

    const titleOf1 = await page
      .locator("video")
      .nth(1)
      .evaluate((v) => document.getElementById(v.getAttribute("aria-labelledby") ?? "")?.textContent ?? "");
    const watchCalls: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && /\/api\/videos\/[^/]+\/watches$/.test(req.url()))
        watchCalls.push(req.url());
    });
    const started = Date.now();
    await watch.nth(1).click();
    await page.getByText("Watching — the coins are paid when the video ends.").waitFor();
    // The player really plays: its clock moves on.
    const player = page.locator("video").nth(1);
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(1);
    const alert = page.getByRole("alertdialog", { name: "Tutorial: Get Started" });
    await alert.waitFor({ timeout: 60_000 });
    // Paid at the end of the 20-second video, not before.
    expect(Date.now() - started).toBeGreaterThanOrEqual(18_000);
    expect(await player.evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);
    expect(await alert.getByText("Thanks for watching! You earned 10 coins.").count()).toBe(1);
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(10);
    // One notice per event: the dialog says it, no 'Coins Earned!' notice repeats it.
    expect(await page.getByText("Coins Earned!").count()).toBe(0);
    await expectNoAxeViolations(page);
    await alert.getByRole("button", { name: "OK" }).click();
    await alert.waitFor({ state: "hidden" });
    expect(await balanceOf(api(), user)).toBe(10);
    const today = page.getByRole("region", { name: "Today" });
    await expect
      .poll(() => today.textContent(), { timeout: 10_000 })
      .toContain("2 of 3 paid watches left today");
    // The card that paid says so, and its button says before it plays that it pays nothing more today.
    const paidCard = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: titleOf1, exact: true }) });
    await paidCard.getByText("Paid today ✓", { exact: true }).waitFor({ timeout: 10_000 });
    const again = paidCard.getByRole("button", { name: "Watch Again (No Coins Today)", exact: true });
    expect(await again.isEnabled()).toBe(true);
    expect(await page.getByText("Paid today ✓", { exact: true }).count()).toBe(1);
    const watchesBefore = watchCalls.length;
    await again.click();
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(watchCalls.length).toBe(watchesBefore);
    await player.evaluate((v: HTMLVideoElement) => v.pause());
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);

    // Starting watches faster than the per-user limit: the server answers 429 and the page says so.
    await page.route("**/api/videos/*/watches", (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "42" },
        json: {
          error: { code: "RATE_LIMITED", message: "Too many requests. Please wait a moment and try again." },
        },
      }),
    );
    await watch.last().click();
    await expectNotice(
      page,
      "Too Many Requests",
      "You are starting videos faster than anyone can watch them. Please wait a minute.",
    );
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await balanceOf(api(), user)).toBe(10);
  });
});
