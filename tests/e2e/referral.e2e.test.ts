import type { BrowserContextOptions } from "playwright-core";
import { expect, it } from "vitest";
import { answerQuizCorrectly } from "#tests/support/earning";
import { createVerifiedUser, type TestUser, uniqueEmail } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { maskEmail } from "~/core/coins";
import { desktop } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { balanceOf, expectNotice, signedInPage } from "./support/pages";

/**
 * The referral page: the link and code, copying, a friend who joins and earns, and its error notices.
 * Users are made through the API and their session cookie is put into the browser.
 */
describeE2E("referral pages", () => {
  // TRUST_PROXY: API-made users sign up from their own X-Forwarded-For address, as real users would.
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000", TRUST_PROXY: "true" });
  const api = () => httpClient(e2e.server.url);
  const signedIn = (user: TestUser, options: BrowserContextOptions = desktop) =>
    signedInPage(e2e, user, options);

  it("referral: spinner, then link and code; Copy puts the exact link on the clipboard; a friend who joins with it and earns shows both +50 as pending", async () => {
    const referrer = await createVerifiedUser(api());
    const me = await (await api().request("/api/me", { cookie: referrer.cookie })).json();
    const code: string = me.profile.referralCode;
    const expectedLink = `${e2e.server.url}/auth?ref=${code}`;

    const { page, context, errors } = await signedIn(referrer, {
      ...desktop,
      permissions: ["clipboard-read", "clipboard-write"],
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/referrals", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/referral");
    await page.getByRole("status").filter({ hasText: "Loading your referral link" }).waitFor();
    release();
    const linkField = page.getByLabel("Referral link", { exact: true });
    await expect.poll(() => linkField.inputValue(), { timeout: 10_000 }).toBe(expectedLink);
    await page.getByText(code, { exact: true }).waitFor();
    await page
      .getByText("When your friend earns coins for the first time, you both get a bonus of 50 coins.")
      .waitFor();
    await page
      .getByText(
        "The bonuses show as pending first, and become available once your friend has earned 300 coins of their own on at least 3 different days.",
      )
      .waitFor();
    await page.getByText("No friends have signed up with your code yet.").waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expectNotice(page, "Copied!", "Referral link copied to clipboard.");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(expectedLink);

    // The friend opens the copied link: register mode with the code filled in.
    const friendView = await e2e.newPage();
    await friendView.page.goto(copied);
    const codeField = friendView.page.getByLabel("Referral Code");
    await expect.poll(() => codeField.inputValue(), { timeout: 10_000 }).toBe(code);
    // Signing up itself is the accounts suite's; here it goes through the API with the code from the link.
    const friendEmail = uniqueEmail("friend");
    const friend = await createVerifiedUser(api(), {
      email: friendEmail,
      referralCode: new URL(copied).searchParams.get("ref"),
      ip: "10.77.0.2",
    });

    await page.reload();
    const friends = page.getByRole("list", { name: "Referred friends" }).getByRole("listitem");
    await friends.first().waitFor();
    expect(await friends.count()).toBe(1);
    expect(await friends.first().textContent()).toContain(maskEmail(friendEmail));
    expect(await friends.first().textContent()).toContain("Joined: bonus after their first earning");

    // The friend's first earning (a right quiz answer) records both bonuses as pending: not in the balance.
    await answerQuizCorrectly(api(), friend, 1);
    expect(await balanceOf(api(), friend)).toBe(10);
    const pendingOf = async (user: TestUser) =>
      (await (await api().request("/api/ledger/balance", { cookie: user.cookie })).json()).pending;
    await expect.poll(() => pendingOf(referrer), { timeout: 15_000 }).toBe(50);
    expect(await pendingOf(friend)).toBe(50);
    expect(await balanceOf(api(), referrer)).toBe(0);

    await page.reload();
    await friends.first().getByText("Bonus pending: 10 of 300 coins, 1 of 3 days").waitFor();
    await expectNoAxeViolations(page);
    await page.goto("/wallet");
    await page.getByText("0 Coins", { exact: true }).first().waitFor();
    await page
      .getByText(
        "+50 Coins pending: referral bonuses, available once your friend's earnings clear (see Referral).",
      )
      .waitFor();
    // The nav keeps 'N Coins' exact and shows the pending coins beside it.
    await page.getByRole("banner").getByText("+50 pending", { exact: true }).waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });

  it("referral: a failed request and an answer without a code each show their error notice", async () => {
    const user = await createVerifiedUser(api());
    const { page } = await signedIn(user);
    await page.route("**/api/referrals", (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } },
      }),
    );
    await page.goto("/referral");
    await expectNotice(
      page,
      "Error fetching referral code",
      "Something went wrong on our side. Please try again.",
    );
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expectNotice(page, "Error", "Referral link not available.");

    const missing = await signedIn(user);
    await missing.page.route("**/api/referrals", (route) =>
      route.fulfill({ json: { code: null, link: null, friends: [], release: { coins: 300, days: 3 } } }),
    );
    await missing.page.goto("/referral");
    await expectNotice(missing.page, "Error", "Could not fetch your referral code.");
  });

  it("referral, guest: a prompt and a 'Login / Register' link to /auth", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/referral");
    const link = page.getByRole("link", { name: "Login / Register", exact: true });
    await link.waitFor();
    expect(await link.getAttribute("href")).toMatch(/^\/auth(\?|$)/);
    await page
      .getByText("Log in or create an account to get your referral link and invite friends.")
      .waitFor();
    expect(await page.getByLabel("Referral link").count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
