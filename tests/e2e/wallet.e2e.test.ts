import type { BrowserContextOptions } from "playwright-core";
import { expect, it } from "vitest";
import { answerQuizCorrectly } from "#tests/support/earning";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { desktop, phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { balanceOf, expectNotice, recordApiCalls, signedInPage } from "./support/pages";

/**
 * The wallet: balance in coins and dollars, the transaction list with paging, and the redeem dialog.
 * Users are made through the API and their session cookie is put into the browser.
 */
describeE2E("wallet pages", () => {
  // TRUST_PROXY: API-made users sign up from their own X-Forwarded-For address, as real users would.
  // REDEEM_MIN_COINS 20: the redeem dialog opens for users made with a few quiz answers (below the minimum the
  // button opens nothing and says how many coins are still needed).
  const e2e = useE2E({
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
    TRUST_PROXY: "true",
    REDEEM_MIN_COINS: "20",
  });
  const api = () => httpClient(e2e.server.url);
  const signedIn = (user: TestUser, options: BrowserContextOptions = desktop) =>
    signedInPage(e2e, user, options);

  it("wallet, guest: 'Please log in to view your wallet.' with a log-in link back to /wallet", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/wallet");
    await page.getByText("Please log in to view your wallet.", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Log in", exact: true }).getAttribute("href")).toBe(
      "/auth?redirectTo=%2Fwallet",
    );
    expect(await page.getByRole("button", { name: "Redeem Coins for Cash" }).count()).toBe(0);
  });

  it("wallet: 30 coins are $0.15, the note, the buttons, the real transactions and 'Today'", async () => {
    const user = await createVerifiedUser(api());
    await answerQuizCorrectly(api(), user, 3);
    const { page, errors } = await signedIn(user, phone);
    await page.goto("/wallet");
    await page.getByText("30 Coins", { exact: true }).and(page.locator("main *")).waitFor();
    await page.getByText("$0.15 USD", { exact: true }).waitFor();
    await page.getByText("1000 Coins = $5.00 USD", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Redeem Coins for Cash" }).isEnabled()).toBe(true);
    // No button that does nothing: the wallet offers only what works.
    expect(await page.getByRole("button", { name: /More Options/ }).count()).toBe(0);

    // Available / On hold / Paid out.
    const coins = page.getByRole("definition").filter({ hasText: /coins \(/ });
    await expect
      .poll(() => coins.allTextContents(), { timeout: 10_000 })
      .toEqual(["30 coins ($0.15)", "0 coins ($0.00)", "0 coins ($0.00)"]);
    await page.getByRole("heading", { name: "Recent Transactions" }).waitFor();
    // The session's three right answers are one entry with its details.
    const rows = page.getByRole("list", { name: "Transactions" }).getByRole("listitem");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.getByText("General Knowledge: 3 correct +30", { exact: true }).count()).toBe(1);
    expect(await row.getByText("+30 Coins", { exact: true }).count()).toBe(1);
    expect(await row.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await page.getByText("Recent Transactions (Placeholder)").count()).toBe(0);
    const today = page.getByRole("region", { name: "Today" });
    await expect
      .poll(() => today.textContent(), { timeout: 10_000 })
      .toContain("20 of 20 paid wins left today");
    expect(await today.textContent()).toContain("2 of 3 paid quizzes left today");
    expect(await today.textContent()).toMatch(/Limits reset in .+ \(midnight UTC\)\./);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it("wallet: an empty ledger says so", async () => {
    const fresh = await createVerifiedUser(api());
    const first = await signedIn(fresh);
    await first.page.goto("/wallet");
    await first.page.getByText(/^No transactions yet\./).waitFor();
    await first.page.getByText("$0.00 USD", { exact: true }).waitFor();
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
              rows: 1,
            },
            {
              id: 1,
              kind: "video_watch",
              reason: "Video watch",
              amount: 10,
              createdAt: new Date().toISOString(),
              rows: 1,
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

  it("redeem: the label shows the maximum; input is clamped; each refusal's notice; below the minimum nothing is sent", async () => {
    const user = await createVerifiedUser(api());
    await answerQuizCorrectly(api(), user, 3);
    const { page, errors } = await signedIn(user);
    await page.goto("/wallet");
    await page.getByText("$0.15 USD", { exact: true }).waitFor();
    const calls = recordApiCalls(page);

    await page.getByRole("button", { name: "Redeem Coins for Cash" }).click();
    const dialog = page.getByRole("dialog", { name: "Redeem Coins for Cash" });
    await dialog.waitFor();
    const field = dialog.getByLabel("Coins to redeem (max 30)", { exact: true });
    const preview = dialog.getByText(/^Dollar value: /);
    await expect
      .poll(() => preview.textContent(), { timeout: 10_000 })
      .toBe("Dollar value: $0.00 (minimum 20 coins, $0.10)");
    expect(await dialog.getByText(/placeholder/i).count()).toBe(0);
    await dialog.getByRole("group", { name: "Payout method" }).waitFor();
    expect(await dialog.getByLabel("PayPal e-mail address").inputValue()).toBe(user.email);
    // Each method says its minimum and how long it usually takes.
    await dialog
      .getByText("PayPal: minimum 20 coins ($0.10), usually 1–3 business days after approval.")
      .waitFor();
    await dialog
      .getByText(
        "Gift card by e-mail: minimum 20 coins ($0.10), usually within 2 business days after approval.",
      )
      .waitFor();
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
    expect(await preview.textContent()).toBe("Dollar value: $0.00 (minimum 20 coins, $0.10)");
    await submit.click();
    await expectNotice(page, "Invalid Amount", "Please enter a valid amount of coins to redeem.");
    await field.fill("12.7");
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe("12");
    expect(await preview.textContent()).toBe("Dollar value: $0.06 (minimum 20 coins, $0.10)");
    await field.fill("5000");
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe("30");
    expect(await preview.textContent()).toBe("Dollar value: $0.15 (minimum 20 coins, $0.10)");
    // The presets: the minimum and everything.
    await dialog.getByRole("button", { name: "Minimum (20)" }).click();
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe("20");
    await dialog.getByRole("button", { name: "Max (30)" }).click();
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe("30");
    await field.fill("12");

    // Cancel keeps the amount; below the minimum the request is refused with the minimum, and the dialog stays.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Redeem Coins for Cash" }).click();
    await field.waitFor();
    expect(await field.inputValue()).toBe("12");
    await submit.click();
    await expectNotice(page, "Below the Minimum", "The minimum redemption is 20 coins ($0.10).");
    expect(await dialog.isVisible()).toBe(true);

    // No request left the page, and the balance is untouched.
    expect(calls.filter((c) => !c.startsWith("GET "))).toEqual([]);
    expect(await balanceOf(api(), user)).toBe(30);
    expect(errors).toEqual([]);
  });

  it("redeem: 'Insufficient Balance' when the balance drops under the typed amount while the dialog is open", async () => {
    // The field is capped as it is typed, so only a smaller balance afterwards reaches this check (ADR 011):
    // another account (10 coins) signs in elsewhere while the dialog holds 30 of the first user's coins.
    const rich = await createVerifiedUser(api());
    const poor = await createVerifiedUser(api());
    await answerQuizCorrectly(api(), rich, 3);
    await answerQuizCorrectly(api(), poor, 1);
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

    // Within the new balance the next rule applies: the minimum.
    await field.fill("10");
    await dialog.getByRole("button", { name: "Submit Redemption Request" }).click();
    await expectNotice(page, "Below the Minimum", "The minimum redemption is 20 coins ($0.10).");
  });

  it("redeem below the minimum: the button says how many coins are still needed and opens nothing", async () => {
    const user = await createVerifiedUser(api());
    await answerQuizCorrectly(api(), user, 1);
    const { page, errors } = await signedIn(user, phone);
    await page.goto("/wallet");
    await page.getByText("$0.05 USD", { exact: true }).waitFor();
    const needed = page.getByRole("button", { name: "Redeem: 10 more coins needed" });
    await needed.waitFor({ timeout: 10_000 });
    expect(await needed.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Redeem Coins for Cash" }).count()).toBe(0);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
