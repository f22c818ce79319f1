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
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000" });
  const api = () => httpClient(e2e.server.url);
  const signedIn = (user: TestUser, options: BrowserContextOptions = desktop) =>
    signedInPage(e2e, user, options);

  it("videos, guest: banner, three cards, disabled 'Login to Watch & Earn' and a log-in message", async () => {
    const { page, errors } = await e2e.newPage();
    await page.goto("/videos");
    await page.getByRole("heading", { level: 1, name: "Watch & Earn" }).waitFor();
    await page.getByText("Video service integration required.").waitFor();
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

  it("videos, signed in: a watch pays +10 (nav '10 Coins'), 'Coins Earned!' and the alert", async () => {
    const user = await createVerifiedUser(api());
    const { page, errors } = await signedIn(user);
    await page.goto("/videos");
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(0);
    const watch = page.getByRole("button", { name: "Watch Video (Earn 10 Coins)", exact: true });
    await watch.first().waitFor();
    expect(await watch.count()).toBe(3);
    await expectNoAxeViolations(page);

    await watch.nth(1).click();
    const alert = page.getByRole("alertdialog", { name: "Tutorial: Get Started" });
    await alert.waitFor();
    expect(await alert.getByText("The video would play here. You earned 10 coins!").count()).toBe(1);
    await expectNotice(page, "Coins Earned!", "You earned 10 coins for Video watch. Total: 10.");
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(10);
    await expectNoAxeViolations(page);

    await alert.getByRole("button", { name: "OK" }).click();
    await alert.waitFor({ state: "hidden" });
    expect(await balanceOf(api(), user)).toBe(10);

    // A second watch: each click is its own payment.
    await watch.first().click();
    await page.getByRole("alertdialog", { name: "Exciting New Content!" }).waitFor();
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(20);
    expect(await balanceOf(api(), user)).toBe(20);
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    expect(errors).toEqual([]);

    // Over the per-user limit (ADR 010) the server answers 429: a clear notice, the nav rolls back, no alert.
    await page.route("**/api/videos/*/watch", (route) =>
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
      "You are watching videos faster than anyone can. Please wait a minute and try again.",
    );
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(20);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
  });
});
