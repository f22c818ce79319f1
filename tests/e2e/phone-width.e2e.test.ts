import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, expect, it, vi } from "vitest";
import { answerQuizCorrectly } from "#tests/support/earning";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/**
 * The pages at 360 px as a referrer with every friend state sees them (docs/product.md, "Referral program"): a
 * long address, a friend pending, one held for review (the same address), one who left, one who just joined —
 * no page scrolls sideways and the header stays one row; and each side of a referral is told its own state.
 */
const longAddress = (who: string) =>
  `${who}.with.a.really-quite-long.local-part.${randomUUID().slice(0, 8)}@subdomain.example-long-domain.test`;

/** Every route of the app (src/web/config/paths.ts), and one that does not exist. */
const routes = [
  "/",
  "/games",
  "/games/tic-tac-toe",
  "/quizzes",
  "/videos",
  "/wallet",
  "/kyc",
  "/referral",
  "/account",
  "/terms",
  "/privacy",
  "/update-password",
  "/auth",
  "/admin",
  "/no-such-page",
];

/**
 * Whether the balance and 'Logout' share the header's one row with the logo: the vertical centre of each lies
 * within the logo's height (a wrapped item sits a whole row lower).
 */
async function headerIsOneRow(page: Page): Promise<boolean> {
  const banner = page.getByRole("banner");
  const logo = await banner.getByRole("link").first().boundingBox();
  const parts = [
    banner.getByText(/\d+ Coins$/).first(),
    banner.getByRole("button", { name: "Logout", exact: true }),
  ];
  const boxes = await Promise.all(parts.map((p) => p.boundingBox()));
  if (!logo) return false;
  return boxes.every(
    (b) => b !== null && b.y + b.height / 2 > logo.y && b.y + b.height / 2 < logo.y + logo.height,
  );
}

describeE2E("phone width and both sides of a referral", () => {
  // TRUST_PROXY: each API-made user signs up from the address it names, as real users would.
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000", TRUST_PROXY: "true" });
  const api = () => httpClient(e2e.server.url);
  let referrer: TestUser;
  let pendingFriend: TestUser;
  let heldFriend: TestUser;

  const pendingOf = async (user: TestUser) =>
    (await (await api().request("/api/ledger/balance", { cookie: user.cookie })).json()).pending;

  beforeAll(async () => {
    referrer = await createVerifiedUser(api(), { email: longAddress("referrer"), ip: "10.91.0.1" });
    const me = await (await api().request("/api/me", { cookie: referrer.cookie })).json();
    const code: string = me.profile.referralCode;
    const friend = (who: string, ip: string) =>
      createVerifiedUser(api(), { email: longAddress(who), referralCode: code, ip });
    // A friend who earns once: both bonuses pending. One from the referrer's own address: held for review.
    pendingFriend = await friend("pending", "10.91.0.2");
    heldFriend = await friend("held", "10.91.0.1");
    const leaving = await friend("leaving", "10.91.0.4");
    await friend("joined", "10.91.0.5");
    await answerQuizCorrectly(api(), pendingFriend, 1);
    await answerQuizCorrectly(api(), heldFriend, 1);
    await answerQuizCorrectly(api(), leaving, 1);
    const pendingIs = (coins: number) =>
      vi.waitFor(async () => expect(await pendingOf(referrer)).toBe(coins), {
        timeout: 20_000,
        interval: 200,
      });
    await pendingIs(100);
    // A friend deletes the account: that pair is declined, and the referrer is told why.
    const gone = await api().request("/api/account/delete", {
      method: "POST",
      cookie: leaving.cookie,
      json: { password: leaving.password, confirmation: "DELETE" },
    });
    expect(gone.status).toBe(200);
    await pendingIs(50);
  }, 240_000);

  it("at 360 px no page scrolls sideways and the header (with '+50 pending') stays one row", async () => {
    const { page, context, errors } = await signedInPage(e2e, referrer, phone);
    for (const route of routes) {
      await page.goto(route);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(0);
      await page.getByRole("banner").getByText("+50 pending", { exact: true }).waitFor();
      await page.waitForLoadState("networkidle");
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, route).toBeLessThanOrEqual(innerWidth);
      expect(await headerIsOneRow(page), `${route}: the header is one row`).toBe(true);
    }

    // The referral page shows every state, each badge inside the screen, and why a bonus is held or declined.
    await page.goto("/referral");
    const friends = page.getByRole("list", { name: "Referred friends" }).getByRole("listitem");
    await expect.poll(() => friends.count(), { timeout: 10_000 }).toBe(4);
    const texts = (await friends.allTextContents()).join("\n");
    expect(texts).toContain("Bonus pending: 10 of 300 coins, 1 of 3 days");
    expect(texts).toContain("Bonus held for review");
    expect(texts).toContain("may be used by the same person");
    expect(texts).toContain("An administrator reviews it");
    expect(texts).toContain("Bonus declined: this friend deleted their account");
    expect(texts).toContain("Joined: bonus after their first earning");
    for (const item of await friends.all()) {
      const box = await item.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    }
    await expectNoAxeViolations(page);
    await context.close();
    // The one error: the missing page's own 404.
    expect(errors.filter((e) => !e.includes("status of 404"))).toEqual([]);
    // Fifteen pages, each waited for until it settles.
  }, 300_000);

  it("the friend sees their own pending bonus with its progress, on /referral and in the wallet", async () => {
    const { page, context, errors } = await signedInPage(e2e, pendingFriend, phone);
    await page.goto("/referral");
    const own = page.getByTestId("own-referral-bonus");
    await own.getByText("Your 50-coin referral bonus is pending: 10 of 300 coins, 1 of 3 days.").waitFor();
    await own.getByText(/once you have earned 300 coins of your own .* on 3 different days/).waitFor();
    expect(await own.getByRole("progressbar").count()).toBe(2);
    await expectNoAxeViolations(page);

    await page.goto("/wallet");
    // The wallet's pending line speaks of the friend's own earnings: it is their bonus that waits for them.
    await page
      .getByText(
        "+50 Coins pending: your referral bonus, available once you have earned 300 coins of your own on 3 different days (see Referral).",
      )
      .waitFor();
    await page
      .getByTestId("own-referral-bonus")
      .getByText(/10 of 300 coins, 1 of 3 days/)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
    expect(errors).toEqual([]);
  });

  it("a held bonus tells the friend too why, and what happens next, without naming anyone", async () => {
    const { page, context, errors } = await signedInPage(e2e, heldFriend, phone);
    await page.goto("/referral");
    const own = page.getByTestId("own-referral-bonus");
    await own
      .getByText(/^Your 50-coin referral bonus is held for review\. Our automatic check found/)
      .waitFor();
    const text = (await own.textContent()) ?? "";
    expect(text).toContain("An administrator reviews it: if released, both bonuses are paid at once");
    expect(text).not.toContain(referrer.email);
    expect(text).not.toContain(referrer.email.slice(0, 8));
    await page.goto("/wallet");
    await page
      .getByTestId("own-referral-bonus")
      .getByText(/held for review/)
      .waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });
});
