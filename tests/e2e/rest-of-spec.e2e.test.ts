import type { BrowserContextOptions, Page } from "playwright-core";
import { expect, it } from "vitest";
import { maskEmail } from "~/core/coins";
import { videos } from "~/core/videos";
import { type ApiClient, createVerifiedUser, type TestUser, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { desktop, phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";

/**
 * Journeys: Watch & Earn, the wallet with the redeem dialog, the referral page and admin (KYC: kyc.e2e.test.ts). Users are
 * made through the API and their session cookie is put into the browser (the UI flows of signing in are tested
 * elsewhere); everything the issue names is then checked on the page.
 */

/** The one visible notice (Radix Toast renders an `li` in the F8 region) with this title and description. */
async function expectNotice(page: Page, title: string, description: string) {
  // Hidden included: an open dialog hides the rest of the page from the accessibility tree.
  const notice = page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .locator("li")
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.getByText(description, { exact: true }) });
  await notice.waitFor({ timeout: 10_000 });
}

async function balanceOf(api: ApiClient, user: TestUser): Promise<number> {
  const res = await api.request("/api/ledger/balance", { cookie: user.cookie });
  return (await res.json()).balance;
}

async function watchViaApi(api: ApiClient, user: TestUser, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await api.request(`/api/videos/${videos[i % videos.length]?.id}/watch`, {
      method: "POST",
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);
  }
}

/** Every API request a page makes from now on, as "METHOD path". */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith("/api/")) calls.push(`${req.method()} ${url.pathname}`);
  });
  return calls;
}

describeE2E("videos, wallet, redeem, referral, KYC and admin", () => {
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000" });
  const api = () => httpClient(e2e.server.url);

  async function signedIn(user: TestUser, options: BrowserContextOptions = desktop) {
    const opened = await e2e.newPage(options);
    await addSessionCookie(opened.context, user.cookie, e2e.server.url);
    return opened;
  }

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

  it("wallet, guest: 'Please log in to view your wallet.' with a log-in link back to /wallet", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/wallet");
    await page.getByText("Please log in to view your wallet.", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Log in", exact: true }).getAttribute("href")).toBe(
      "/auth?redirectTo=%2Fwallet",
    );
    expect(await page.getByRole("button", { name: "Redeem Coins for Cash" }).count()).toBe(0);
  });

  it("wallet: 30 coins are $0.15, the note, the buttons and the real transactions", async () => {
    const user = await createVerifiedUser(api());
    await watchViaApi(api(), user, 3);
    const { page, errors } = await signedIn(user, phone);
    await page.goto("/wallet");
    await page.getByText("30 Coins", { exact: true }).and(page.locator("main *")).waitFor();
    await page.getByText("$0.15 USD", { exact: true }).waitFor();
    await page.getByText("1000 Coins = $5.00 USD", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Redeem Coins for Cash" }).isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "More Options (Coming Soon)" }).isDisabled()).toBe(true);

    await page.getByRole("heading", { name: "Recent Transactions" }).waitFor();
    const rows = page.getByRole("list", { name: "Transactions" }).getByRole("listitem");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    for (const row of await rows.all()) {
      expect(await row.getByText("Video watch", { exact: true }).count()).toBe(1);
      expect(await row.getByText("+10 Coins", { exact: true }).count()).toBe(1);
      expect(await row.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(await page.getByText("Recent Transactions (Placeholder)").count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it("wallet: an empty ledger says so; 'Load more' pages through a long one", async () => {
    const fresh = await createVerifiedUser(api());
    const first = await signedIn(fresh);
    await first.page.goto("/wallet");
    await first.page.getByText(/^No transactions yet\./).waitFor();
    await first.page.getByText("$0.00 USD", { exact: true }).waitFor();

    const busy = await createVerifiedUser(api());
    await watchViaApi(api(), busy, 12);
    const { page } = await signedIn(busy);
    await page.goto("/wallet");
    await page.getByText("$0.60 USD", { exact: true }).waitFor();
    const rows = page.getByRole("list", { name: "Transactions" }).getByRole("listitem");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(12);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
  });

  it("wallet: a non-earn (negative) entry is red with a minus, an earning has a plus", async () => {
    const user = await createVerifiedUser(api());
    const { page } = await signedIn(user);
    // No feature takes coins away yet, so the ledger's answer is stood in for to show one.
    await page.route("**/api/ledger/transactions**", (route) =>
      route.fulfill({
        json: {
          entries: [
            {
              id: 2,
              kind: "adjustment",
              reason: "Coins redeemed",
              amount: -50,
              createdAt: new Date().toISOString(),
            },
            {
              id: 1,
              kind: "video_watch",
              reason: "Video watch",
              amount: 10,
              createdAt: new Date().toISOString(),
            },
          ],
          nextCursor: null,
        },
      }),
    );
    await page.goto("/wallet");
    const minus = page.getByText("-50 Coins", { exact: true });
    const plus = page.getByText("+10 Coins", { exact: true });
    await minus.waitFor();
    const color = (l: typeof minus) => l.evaluate((el) => getComputedStyle(el).color);
    const rgb = await minus.evaluate((el) => {
      const canvas = document.createElement("canvas").getContext("2d");
      if (!canvas) return [0, 0, 0];
      canvas.fillStyle = getComputedStyle(el).color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data].slice(0, 3);
    });
    const [r = 0, g = 0, b = 0] = rgb;
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
    expect(await color(plus)).not.toBe(await color(minus));
    await expectNoAxeViolations(page);
  });

  it("redeem: the label shows the maximum; input is clamped; each submit message; nothing is sent", async () => {
    const user = await createVerifiedUser(api());
    await watchViaApi(api(), user, 3);
    const { page, errors } = await signedIn(user);
    await page.goto("/wallet");
    await page.getByText("$0.15 USD", { exact: true }).waitFor();
    const calls = recordApiCalls(page);

    await page.getByRole("button", { name: "Redeem Coins for Cash" }).click();
    const dialog = page.getByRole("dialog", { name: "Redeem Coins for Cash" });
    await dialog.waitFor();
    const field = dialog.getByLabel("Coins to redeem (max 30)", { exact: true });
    const preview = dialog.getByText(/^Dollar value: /);
    await dialog.getByText(/^This is a placeholder/).waitFor();
    expect(await field.getAttribute("type")).toBe("number");
    expect(await field.inputValue()).toBe("0");
    await expectNoAxeViolations(page);

    // 0 → 'Invalid Amount'.
    const submit = dialog.getByRole("button", { name: "Submit Redemption Request" });
    await submit.click();
    await expectNotice(page, "Invalid Amount", "Please enter a valid amount of coins to redeem.");

    // Negative → 0; fractional → whole; above the balance → the balance; the preview follows.
    await field.fill("-5");
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe("0");
    expect(await preview.textContent()).toBe("Dollar value: $0.00");
    await submit.click();
    await expectNotice(page, "Invalid Amount", "Please enter a valid amount of coins to redeem.");
    await field.fill("12.7");
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe("12");
    expect(await preview.textContent()).toBe("Dollar value: $0.06");
    await field.fill("5000");
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe("30");
    expect(await preview.textContent()).toBe("Dollar value: $0.15");

    // Cancel keeps the amount; a successful submit closes the dialog and resets it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Redeem Coins for Cash" }).click();
    await field.waitFor();
    expect(await field.inputValue()).toBe("30");
    await submit.click();
    await expectNotice(
      page,
      "Redemption Request (Placeholder)",
      "Your request to redeem 30 coins ($0.15) has been submitted.",
    );
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Redeem Coins for Cash" }).click();
    await field.waitFor();
    expect(await field.inputValue()).toBe("0");

    // A placeholder: no request left the page, and the balance is untouched.
    expect(calls).toEqual([]);
    expect(await balanceOf(api(), user)).toBe(30);
    expect(errors).toEqual([]);
  });

  it("redeem: 'Insufficient Balance' when the balance drops under the typed amount while the dialog is open", async () => {
    // The field is capped as it is typed, so only a smaller balance afterwards reaches this check (ADR 011):
    // another account (10 coins) signs in elsewhere while the dialog holds 30 of the first user's coins.
    const rich = await createVerifiedUser(api());
    const poor = await createVerifiedUser(api());
    await watchViaApi(api(), rich, 3);
    await watchViaApi(api(), poor, 1);
    const { page, context } = await signedIn(rich);
    await page.goto("/wallet");
    await page.getByText("$0.15 USD", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Redeem Coins for Cash" }).click();
    const dialog = page.getByRole("dialog", { name: "Redeem Coins for Cash" });
    await dialog.getByLabel("Coins to redeem (max 30)").fill("30");

    await context.clearCookies();
    await addSessionCookie(context, poor.cookie, e2e.server.url);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    const field = dialog.getByLabel("Coins to redeem (max 10)", { exact: true });
    await field.waitFor();
    expect(await field.inputValue()).toBe("30");
    await dialog.getByRole("button", { name: "Submit Redemption Request" }).click();
    await expectNotice(page, "Insufficient Balance", "You don't have enough coins to redeem this amount.");
    expect(await dialog.isVisible()).toBe(true);

    // Within the new balance it goes through.
    await field.fill("10");
    await dialog.getByRole("button", { name: "Submit Redemption Request" }).click();
    await expectNotice(
      page,
      "Redemption Request (Placeholder)",
      "Your request to redeem 10 coins ($0.05) has been submitted.",
    );
  });

  it("referral: spinner, then link and code; Copy puts the exact link on the clipboard; a friend who joins with it and earns gives both +50", async () => {
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
    });

    await page.reload();
    const friends = page.getByRole("list", { name: "Referred friends" }).getByRole("listitem");
    await friends.first().waitFor();
    expect(await friends.count()).toBe(1);
    expect(await friends.first().textContent()).toContain(maskEmail(friendEmail));
    expect(await friends.first().textContent()).toContain("Bonus pending");

    // The friend's first earning (a video watch in the browser) pays both bonuses.
    const friendPage = await signedIn(friend);
    await friendPage.page.goto("/videos");
    await friendPage.page.getByRole("button", { name: "Watch Video (Earn 10 Coins)" }).first().click();
    await friendPage.page.getByRole("alertdialog").waitFor();
    await expect.poll(() => navBalance(friendPage.page), { timeout: 10_000 }).toBe(60);
    expect(await balanceOf(api(), friend)).toBe(60);
    expect(await balanceOf(api(), referrer)).toBe(50);

    await page.reload();
    await friends.first().waitFor();
    expect(await friends.first().textContent()).toContain("Bonus paid");
    await page.goto("/wallet");
    await page.getByText("$0.25 USD", { exact: true }).waitFor();
    await page.getByText(`Referral bonus: your friend ${maskEmail(friendEmail)} started earning`).waitFor();
    await page.getByText("+50 Coins", { exact: true }).waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });

  it("referral: the error notices of SPEC §8", async () => {
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
      route.fulfill({ json: { code: null, link: null, friends: [] } }),
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

  it("admin: 'Admin Panel' with the 'Under Development' notice", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/admin");
    await page.getByRole("heading", { level: 1, name: "Admin Panel" }).waitFor();
    await page.getByRole("heading", { name: "Under Development" }).waitFor();
    await expectNoAxeViolations(page);
  });
});
