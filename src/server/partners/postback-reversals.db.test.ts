import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondAdmin } from "#tests/support/admin";
import { balanceAndLedger, grantCoins } from "#tests/support/coins";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import {
  createEnabledPartner,
  playerPartnerId,
  signedQuery,
  type TestPartner,
} from "#tests/support/partners";
import { adminAction, requested } from "#tests/support/redemptions";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { award } from "../ledger/ledger.service";
import { releaseDuePartnerCredits } from "./partner-release.job";

/**
 * Reversals (docs/product.md, "Earning partners"; docs/decisions/105): a reversal takes back exactly what was
 * credited, pending or available, and leaves the books exact (every balance = the sum of its ledger rows); coins
 * already spent become a debt — recorded once, the player's pending redemption held for review (its approval then
 * needs a second administrator), the player told by mail and on the wallet — and the next earnings repay it first,
 * in the transaction that pays them.
 */
let ctx: TestContext;
let admins: [TestUser, TestUser];
let held: TestPartner;
let instant: TestPartner;
beforeAll(async () => {
  const aEmail = uniqueEmail("admin-a");
  ctx = await createTestContext({
    ADMIN_EMAILS: aEmail,
    ADMIN_RATE_LIMIT: "1000",
    REDEEM_REQUIRE_KYC: "false",
    REDEEM_MAX_PENDING: "1000",
    REDEEM_DAILY_CAP_DOLLARS: "100000",
  });
  admins = [await ctx.createVerifiedUser({ email: aEmail }), await secondAdmin(ctx)];
  held = await createEnabledPartner(ctx, admins, { holdDays: 7, name: "Held Wall" });
  instant = await createEnabledPartner(ctx, admins, { holdDays: 0, name: "Instant Wall" });
  // A context, two administrators and two partners: room for a busy machine (a ceiling, not a wait).
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

const send = (
  partner: TestPartner,
  p: { user_id: string; transaction_id: string; reward: string; status?: string },
) => ctx.request(`/api/postbacks/${partner.slug}?${signedQuery(partner.secret, p)}`);

const profileOf = (userId: string) =>
  ctx.db
    .selectFrom("user_profiles")
    .select(["points", "pending_points", "debt_coins"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
const redemptionOf = (id: number) =>
  ctx.db
    .selectFrom("redemptions")
    .select(["status", "held_reason"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const debtMails = async (email: string) =>
  (await ctx.mailTo(email)).filter((m) => /an offer's coins were reversed/.test(m.subject));
const offersOf = async (user: TestUser) =>
  (await ctx.request("/api/offers", { cookie: user.cookie })).json() as Promise<{ debtCoins: number }>;

/** A player with `coins` granted and a pending redemption of `redeemed` of them. */
async function playerWithRedemption(coins: number, redeemed: number) {
  const user = await ctx.createVerifiedUser();
  await grantCoins(ctx.db, user.id, coins);
  const redemption = await requested(ctx, user, redeemed);
  return { user, pid: await playerPartnerId(ctx, user.id), redemption };
}

async function expectBooksExact(userId: string) {
  const books = await balanceAndLedger(ctx.db, userId);
  expect(books.balance).toBe(books.ledger);
  expect(books.balance).toBeGreaterThanOrEqual(0);
}

describe("a reversal", () => {
  it("of a pending credit drops its coins: books exact, no debt, the redemption untouched", async () => {
    const { user, pid, redemption } = await playerWithRedemption(1000, 1000);
    expect((await send(held, { user_id: pid, transaction_id: "p-1", reward: "300" })).status).toBe(200);
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 300, debt_coins: 0 });
    const back = await send(held, { user_id: pid, transaction_id: "r-p-1", reward: "300", status: "2" });
    expect(back.status, await back.clone().text()).toBe(200);
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0, debt_coins: 0 });
    await expectBooksExact(user.id);
    expect(await redemptionOf(redemption.id)).toEqual({ status: "pending", held_reason: null });
    expect(await debtMails(user.email)).toEqual([]);
    // Its date passes: nothing is released.
    await releaseDuePartnerCredits(ctx.db, new Date(Date.now() + 8 * 86_400_000));
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0, debt_coins: 0 });
  });

  it("of an available credit the balance still holds takes it all back: books exact, no debt", async () => {
    const { user, pid, redemption } = await playerWithRedemption(1000, 1000);
    expect((await send(instant, { user_id: pid, transaction_id: "a-1", reward: "250" })).status).toBe(200);
    expect(await profileOf(user.id)).toEqual({ points: 250, pending_points: 0, debt_coins: 0 });
    expect(
      (await send(instant, { user_id: pid, transaction_id: "a-1", reward: "250", status: "2" })).status,
    ).toBe(200);
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0, debt_coins: 0 });
    await expectBooksExact(user.id);
    expect(await redemptionOf(redemption.id)).toEqual({ status: "pending", held_reason: null });
    expect(await debtMails(user.email)).toEqual([]);
  });

  it("of coins already spent records the debt once, holds the redemption and tells the player", async () => {
    // 1000 granted + 400 from the partner; 1200 of them asked for in a redemption: 200 left.
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 1000);
    const pid = await playerPartnerId(ctx, user.id);
    expect((await send(instant, { user_id: pid, transaction_id: "s-1", reward: "400" })).status).toBe(200);
    const redemption = await requested(ctx, user, 1200);
    expect(await profileOf(user.id)).toMatchObject({ points: 200, debt_coins: 0 });

    const back = { user_id: pid, transaction_id: "r-s-1", reward: "400", status: "2" };
    expect((await send(instant, back)).status).toBe(200);
    // The 200 the balance held are taken back; the 200 spent are the debt. Never below 0.
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0, debt_coins: 200 });
    await expectBooksExact(user.id);
    const rows = await ctx.db
      .selectFrom("coin_ledger")
      .select(["kind", "amount", "cause_key"])
      .where("user_id", "=", user.id)
      .where("kind", "=", "partner_reversal")
      .execute();
    expect(rows).toEqual([
      { kind: "partner_reversal", amount: -200, cause_key: `partner-reversal:${instant.id}:s-1` },
    ]);
    const debts = await ctx.db
      .selectFrom("coin_debts")
      .select(["coins", "cause_key"])
      .where("user_id", "=", user.id)
      .execute();
    expect(debts).toEqual([{ coins: 200, cause_key: `partner-debt:${instant.id}:s-1` }]);

    // A copy of the reversal changes nothing.
    expect((await send(instant, back)).status).toBe(200);
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0, debt_coins: 200 });

    // The redemption is held, with its reason; the player is told by mail and on the wallet.
    const r = await redemptionOf(redemption.id);
    expect(r.status).toBe("pending");
    expect(r.held_reason).toMatch(/Instant Wall reversed 400 coins of which 200 were already spent/);
    const mails = await debtMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("We took back the 200 coins your balance held; the other 200");
    expect(mails[0]?.text).toContain(`#${redemption.id} is held for review`);
    expect((await offersOf(user)).debtCoins).toBe(200);
    const inbox = (await (await ctx.request("/api/messages", { cookie: user.cookie })).json()) as {
      messages: { title: string; body: string; link: string }[];
    };
    expect(inbox.messages.filter((m) => m.title === "An offer was reversed")).toEqual([
      expect.objectContaining({ link: "/wallet", body: expect.stringContaining("Instant Wall reversed") }),
    ]);

    // In the console: the reason first among the signals, and one administrator's approval is a proposal.
    const queue = await ctx.request("/api/admin/redemptions?status=pending&limit=200", {
      cookie: admins[0].cookie,
    });
    const listed = (
      (await queue.json()) as { redemptions: { id: number; signals: string[] }[] }
    ).redemptions.find((x) => x.id === redemption.id);
    expect(listed?.signals[0]).toMatch(/^Held for review: Instant Wall reversed 400 coins/);
    const approve = await adminAction(ctx, admins[0], `/${redemption.id}/approve`);
    expect(approve.status, await approve.clone().text()).toBe(202);
    expect((await redemptionOf(redemption.id)).status).toBe("pending");
  });

  it("leaves a debt the next earnings repay first, exactly, in the transaction that pays them", async () => {
    const user = await ctx.createVerifiedUser();
    const pid = await playerPartnerId(ctx, user.id);
    await grantCoins(ctx.db, user.id, 1000);
    expect((await send(instant, { user_id: pid, transaction_id: "d-1", reward: "100" })).status).toBe(200);
    const redemption = await requested(ctx, user, 1100);
    expect(
      (await send(instant, { user_id: pid, transaction_id: "d-1", reward: "100", status: "2" })).status,
    ).toBe(200);
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0, debt_coins: 100 });

    // An award of 10 goes to the debt; the balance stays 0.
    const won = await award(ctx.db, { userId: user.id, kind: "ttt_win", causeKey: `debt-win:${user.id}:1` });
    expect(won).toMatchObject({ amount: 10, balance: 0 });
    expect(await profileOf(user.id)).toMatchObject({ points: 0, debt_coins: 90 });
    await expectBooksExact(user.id);
    // A replay of the award repays nothing more.
    await award(ctx.db, { userId: user.id, kind: "ttt_win", causeKey: `debt-win:${user.id}:1` });
    expect(await profileOf(user.id)).toMatchObject({ points: 0, debt_coins: 90 });

    // A partner credit of 150: 90 repay the rest of the debt, 60 reach the balance.
    expect((await send(instant, { user_id: pid, transaction_id: "d-2", reward: "150" })).status).toBe(200);
    expect(await profileOf(user.id)).toEqual({ points: 60, pending_points: 0, debt_coins: 0 });
    await expectBooksExact(user.id);
    const repaid = await ctx.db
      .selectFrom("coin_ledger")
      .select(["amount"])
      .where("user_id", "=", user.id)
      .where("kind", "=", "debt_repayment")
      .orderBy("id")
      .execute();
    expect(repaid.map((x) => x.amount)).toEqual([-10, -90]);
    expect((await offersOf(user)).debtCoins).toBe(0);

    // The next earning reaches the balance whole.
    await award(ctx.db, { userId: user.id, kind: "ttt_win", causeKey: `debt-win:${user.id}:2` });
    expect(await profileOf(user.id)).toMatchObject({ points: 70, debt_coins: 0 });
    // The held redemption is still there for a second administrator.
    expect((await redemptionOf(redemption.id)).held_reason).not.toBeNull();
  });

  it("of spent coins whose redemption is rejected: the refund repays the debt first", async () => {
    const user = await ctx.createVerifiedUser();
    const pid = await playerPartnerId(ctx, user.id);
    await grantCoins(ctx.db, user.id, 900);
    expect((await send(instant, { user_id: pid, transaction_id: "j-1", reward: "100" })).status).toBe(200);
    const redemption = await requested(ctx, user, 1000);
    expect(
      (await send(instant, { user_id: pid, transaction_id: "j-1", reward: "100", status: "2" })).status,
    ).toBe(200);
    expect(await profileOf(user.id)).toMatchObject({ points: 0, debt_coins: 100 });
    const reject = await adminAction(ctx, admins[0], `/${redemption.id}/reject`, {
      reason: "Held after a partner's reversal",
    });
    expect(reject.status, await reject.clone().text()).toBe(200);
    expect(await profileOf(user.id)).toEqual({ points: 900, pending_points: 0, debt_coins: 0 });
    await expectBooksExact(user.id);
  });
});

describe("a burst of reversals", () => {
  it("holds the player's pending redemptions, with the reason", async () => {
    const { user, pid, redemption } = await playerWithRedemption(1000, 1000);
    for (const t of ["b-1", "b-2", "b-3"])
      expect((await send(held, { user_id: pid, transaction_id: t, reward: "20" })).status).toBe(200);
    for (const t of ["b-1", "b-2"])
      expect((await send(held, { user_id: pid, transaction_id: t, reward: "20", status: "2" })).status).toBe(
        200,
      );
    expect((await redemptionOf(redemption.id)).held_reason).toBeNull();
    expect(
      (await send(held, { user_id: pid, transaction_id: "b-3", reward: "20", status: "2" })).status,
    ).toBe(200);
    expect((await redemptionOf(redemption.id)).held_reason).toBe(
      "3 partner reversals in 24 hours (a burst of chargebacks)",
    );
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0, debt_coins: 0 });
    await expectBooksExact(user.id);
  });
});

describe("a player over the partner's daily cap", () => {
  it("has the credits past the cap held, not paid, with the reason", async () => {
    const capped = await createEnabledPartner(ctx, admins, {
      holdDays: 0,
      dailyCapCoins: 500,
      name: "Cap Wall",
    });
    const user = await ctx.createVerifiedUser();
    const pid = await playerPartnerId(ctx, user.id);
    const q = (t: string, reward: string) =>
      ctx.request(
        `/api/postbacks/${capped.slug}?${signedQuery(capped.secret, { user_id: pid, transaction_id: t, reward })}`,
      );
    expect((await q("cap-1", "300")).status).toBe(200);
    expect((await q("cap-2", "200")).status).toBe(200);
    // 500 credited today: the next one passes the cap, ten copies at once record one held credit.
    const answers = await Promise.all(Array.from({ length: 10 }, () => q("cap-3", "1")));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await profileOf(user.id)).toEqual({ points: 500, pending_points: 0, debt_coins: 0 });
    await expectBooksExact(user.id);
    const credits = await ctx.db
      .selectFrom("partner_credits")
      .select(["transaction_id", "state", "held_reason"])
      .where("user_id", "=", user.id)
      .orderBy("id")
      .execute();
    expect(credits.map((c) => [c.transaction_id, c.state])).toEqual([
      ["cap-1", "available"],
      ["cap-2", "available"],
      ["cap-3", "held"],
    ]);
    expect(credits[2]?.held_reason).toBe(
      "Over Cap Wall's daily cap of 500 coins per player: 500 coins credited today, this one 1",
    );
    // In the console: the held credit with its reason (administrators only).
    const listed = await ctx.request("/api/admin/partners/held?limit=100", { cookie: admins[0].cookie });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as {
      credits: { transactionId: string; email: string; reason: string }[];
    };
    expect(body.credits.find((c) => c.transactionId === "cap-3")).toMatchObject({
      email: user.email,
      reason: credits[2]?.held_reason,
    });
    expect((await ctx.request("/api/admin/partners/held", { cookie: user.cookie })).status).toBe(403);
    // The release job never pays a held credit.
    await releaseDuePartnerCredits(ctx.db, new Date(Date.now() + 30 * 86_400_000));
    expect(await profileOf(user.id)).toEqual({ points: 500, pending_points: 0, debt_coins: 0 });
  });
});
