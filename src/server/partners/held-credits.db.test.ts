import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondAdmin } from "#tests/support/admin";
import { balanceAndLedger } from "#tests/support/coins";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import {
  createEnabledPartner,
  playerPartnerId,
  signedQuery,
  type TestPartner,
} from "#tests/support/partners";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { apiError } from "#tests/support/typed-client";
import { pendingLine } from "~/core/partners";
import { utcDay } from "~/core/utc-day";
import { releaseDuePartnerCredits } from "./partner-release.job";

/**
 * An administrator decides a held partner credit (docs/product.md, "Earning partners"; docs/decisions/112): a
 * release pays it at once when its hold has passed, else makes it pending until its release date; a decline pays
 * nothing. One decision per credit (a second one is a 409), never by the credit's own player (403), each written
 * to the audit log with its reason; a release adds the credit to its partner's day in the numbers.
 */
let ctx: TestContext;
let a: TestUser;
let b: TestUser;
let instant: TestPartner;
let weekly: TestPartner;
beforeAll(async () => {
  const aEmail = uniqueEmail("admin-a");
  ctx = await createTestContext({ ADMIN_EMAILS: aEmail, ADMIN_RATE_LIMIT: "1000" });
  a = await ctx.createVerifiedUser({ email: aEmail });
  b = await secondAdmin(ctx);
  instant = await createEnabledPartner(ctx, [a, b], { holdDays: 0, dailyCapCoins: 100, name: "Quick Wall" });
  weekly = await createEnabledPartner(ctx, [a, b], { holdDays: 7, dailyCapCoins: 100, name: "Week Wall" });
  // A context, two administrators and two partners: room for a busy machine (a ceiling, not a wait).
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

const send = async (
  partner: TestPartner,
  userId: string,
  transaction: string,
  reward: string,
  status = "1",
) => {
  const user_id = await playerPartnerId(ctx, userId);
  const q = signedQuery(partner.secret, {
    user_id,
    transaction_id: transaction,
    reward,
    payout: "0.5",
    status,
  });
  const res = await ctx.request(`/api/postbacks/${partner.slug}?${q}`);
  expect(res.status, await res.clone().text()).toBe(200);
};

/** A credit of 40 coins held for `userId`: 100 credited first fill the partner's daily cap. */
async function heldCredit(partner: TestPartner, userId: string, tag: string): Promise<number> {
  await send(partner, userId, `${tag}-fill`, "100");
  await send(partner, userId, `${tag}-over`, "40");
  const c = await creditOf(partner, `${tag}-over`);
  expect(c.state).toBe("held");
  return Number(c.id);
}

const creditOf = (partner: TestPartner, transaction: string) =>
  ctx.db
    .selectFrom("partner_credits")
    .select(["id", "state", "release_at", "released_at", "decided_by", "decided_at", "decision_reason"])
    .where("partner_id", "=", String(partner.id))
    .where("transaction_id", "=", transaction)
    .executeTakeFirstOrThrow();

const decide = (admin: TestUser, id: number, decision: "release" | "decline", reason = "Checked the offer") =>
  ctx.request(`/api/admin/partners/held/${id}/${decision}`, {
    cookie: admin.cookie,
    method: "POST",
    json: { reason },
  });

const profileOf = (userId: string) =>
  ctx.db
    .selectFrom("user_profiles")
    .select(["points", "pending_points"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

async function expectBooksExact(userId: string) {
  const { balance, ledger } = await balanceAndLedger(ctx.db, userId);
  expect(balance).toBe(ledger);
}

/** The partner's figures today in the numbers (rollup_partner_days), as numbers. */
async function dayOf(partner: TestPartner) {
  const r = await ctx.db
    .selectFrom("rollup_partner_days")
    .select(["postbacks", "credits", "coins_credited", "coins_reversed", "payout_credited_micros"])
    .where("partner_id", "=", String(partner.id))
    .where("day", "=", utcDay(new Date()))
    .executeTakeFirstOrThrow();
  return {
    postbacks: Number(r.postbacks),
    credits: Number(r.credits),
    coinsCredited: Number(r.coins_credited),
    coinsReversed: Number(r.coins_reversed),
    payoutCreditedMicros: Number(r.payout_credited_micros),
  };
}

/** The player's inbox: the decision is told there, once. */
const inboxOf = (userId: string) =>
  ctx.db
    .selectFrom("messages")
    .select(["title", "body", "link"])
    .where("user_id", "=", userId)
    .where("event_key", "like", "partner-credit-decided:%")
    .execute();

const auditOf = (id: number) =>
  ctx.db
    .selectFrom("audit_log")
    .select(["action", "actor_id", "before", "after", "reason"])
    .where("target_type", "=", "partner_credit")
    .where("target_id", "=", String(id))
    .execute();

describe("releasing a held credit", () => {
  it("past its hold pays it once, audited, and adds it to the partner's day without another postback", async () => {
    const player = await ctx.createVerifiedUser();
    const id = await heldCredit(instant, player.id, "rel");
    expect(await profileOf(player.id)).toEqual({ points: 100, pending_points: 0 });
    const before = await dayOf(instant);

    const res = await decide(b, id, "release", "Genuine offer, checked");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id, state: "available", coins: 40 });
    expect(await profileOf(player.id)).toEqual({ points: 140, pending_points: 0 });
    await expectBooksExact(player.id);
    expect(await creditOf(instant, "rel-over")).toMatchObject({
      state: "available",
      decided_by: b.id,
      decision_reason: "Genuine offer, checked",
    });
    expect((await creditOf(instant, "rel-over")).released_at).not.toBeNull();
    const after = await dayOf(instant);
    expect(after).toMatchObject({
      postbacks: before.postbacks,
      credits: before.credits + 1,
      coinsCredited: before.coinsCredited + 40,
      payoutCreditedMicros: before.payoutCreditedMicros + 500_000,
    });
    expect(await auditOf(id)).toEqual([
      {
        action: "partner.credit_release",
        actor_id: b.id,
        before: expect.objectContaining({ state: "held", coins: 40, userId: player.id }),
        after: expect.objectContaining({ state: "available", coins: 40 }),
        reason: "Genuine offer, checked",
      },
    ]);

    // Decided once: a repeat, the other decision and the release job pay nothing more.
    for (const again of [await decide(b, id, "release"), await decide(a, id, "decline")]) {
      expect(again.status).toBe(409);
      expect((await apiError(again)).code).toBe("CONFLICT");
    }
    await releaseDuePartnerCredits(ctx.db, new Date(Date.now() + 30 * 86_400_000));
    expect(await profileOf(player.id)).toEqual({ points: 140, pending_points: 0 });
    expect(await auditOf(id)).toHaveLength(1);
    expect(await inboxOf(player.id)).toEqual([
      {
        title: "An offer held for review is released",
        body: "+40 coins of an offer on Quick Wall, held because they passed its daily limit, were reviewed and are in your balance.",
        link: "/offers",
      },
    ]);

    // A reversal of the released credit takes its coins back, and off the partner's day.
    await send(instant, player.id, "rel-over", "40", "2");
    expect(await profileOf(player.id)).toEqual({ points: 100, pending_points: 0 });
    await expectBooksExact(player.id);
    expect((await dayOf(instant)).coinsReversed).toBe(after.coinsReversed + 40);
  });

  it("before its hold makes it pending until its release date, when the release job pays it", async () => {
    const player = await ctx.createVerifiedUser();
    const id = await heldCredit(weekly, player.id, "wk");
    const res = await decide(a, id, "release");
    expect(res.status, await res.clone().text()).toBe(200);
    const held = await creditOf(weekly, "wk-over");
    expect(await res.json()).toMatchObject({ state: "pending", releaseAt: held.release_at.toISOString() });
    expect(held.release_at.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(held).toMatchObject({ state: "pending", released_at: null, decided_by: a.id });
    expect(await profileOf(player.id)).toEqual({ points: 0, pending_points: 140 });
    expect((await inboxOf(player.id)).map((m) => m.body)).toEqual([
      `An offer on Week Wall, held because it passed its daily limit, was reviewed: ${pendingLine(40, held.release_at.toISOString())}.`,
    ]);
    await releaseDuePartnerCredits(ctx.db, new Date(Date.now() + 8 * 86_400_000));
    expect(await profileOf(player.id)).toEqual({ points: 140, pending_points: 0 });
    await expectBooksExact(player.id);
    expect((await creditOf(weekly, "wk-over")).state).toBe("available");
  });
});

describe("declining a held credit", () => {
  it("pays nothing, is audited, and a later reversal of it takes nothing back", async () => {
    const player = await ctx.createVerifiedUser();
    const id = await heldCredit(instant, player.id, "dec");
    const before = await dayOf(instant);
    const res = await decide(a, id, "decline", "Too many offers at once");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id, state: "declined", coins: 40 });
    expect(await creditOf(instant, "dec-over")).toMatchObject({
      state: "declined",
      released_at: null,
      decided_by: a.id,
      decision_reason: "Too many offers at once",
    });
    expect(await profileOf(player.id)).toEqual({ points: 100, pending_points: 0 });
    expect(await auditOf(id)).toMatchObject([
      { action: "partner.credit_decline", actor_id: a.id, after: { state: "declined" } },
    ]);
    expect((await inboxOf(player.id)).map((m) => m.title)).toEqual(["An offer held for review was declined"]);
    expect(await dayOf(instant)).toMatchObject({
      credits: before.credits,
      coinsCredited: before.coinsCredited,
    });

    await send(instant, player.id, "dec-over", "40", "2");
    expect((await creditOf(instant, "dec-over")).state).toBe("declined");
    expect(await profileOf(player.id)).toEqual({ points: 100, pending_points: 0 });
    await expectBooksExact(player.id);
    expect((await dayOf(instant)).coinsReversed).toBe(before.coinsReversed);
  });

  it("a reversal of a credit still held reverses it taking nothing back, and nothing off the partner's day", async () => {
    const player = await ctx.createVerifiedUser();
    const id = await heldCredit(instant, player.id, "hrev");
    const before = await dayOf(instant);
    await send(instant, player.id, "hrev-over", "40", "2");
    expect((await creditOf(instant, "hrev-over")).state).toBe("reversed");
    expect(await profileOf(player.id)).toEqual({ points: 100, pending_points: 0 });
    expect((await dayOf(instant)).coinsReversed).toBe(before.coinsReversed);
    const late = await decide(a, id, "release");
    expect(late.status).toBe(409);
    expect(await profileOf(player.id)).toEqual({ points: 100, pending_points: 0 });
  });
});

describe("a held credit of a deleted account", () => {
  it("can only be declined: there is nobody to pay", async () => {
    const player = await ctx.createVerifiedUser();
    // A pending fill (no ledger row yet), so the account row itself can go.
    const id = await heldCredit(weekly, player.id, "gone");
    // Deleting the account keeps its credits without their player (on delete set null).
    await ctx.db.deleteFrom("user").where("id", "=", player.id).execute();
    const release = await decide(a, id, "release");
    expect(release.status).toBe(409);
    expect((await apiError(release)).code).toBe("CONFLICT");
    expect((await creditOf(weekly, "gone-over")).state).toBe("held");
    const decline = await decide(a, id, "decline");
    expect(decline.status, await decline.clone().text()).toBe(200);
    expect((await creditOf(weekly, "gone-over")).state).toBe("declined");
    expect(await auditOf(id)).toMatchObject([{ action: "partner.credit_decline", before: { userId: null } }]);
  });
});

describe("who decides", () => {
  it("two administrators at once: one decision wins, the other is a 409", async () => {
    const player = await ctx.createVerifiedUser();
    const id = await heldCredit(instant, player.id, "race");
    const answers = await Promise.all([decide(a, id, "release"), decide(b, id, "decline")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = answers[0]?.status === 200 ? "available" : "declined";
    expect((await creditOf(instant, "race-over")).state).toBe(won);
    expect(await profileOf(player.id)).toEqual({
      points: won === "available" ? 140 : 100,
      pending_points: 0,
    });
    await expectBooksExact(player.id);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("never the administrator's own credit (403), never an unknown one (404), never a player", async () => {
    const id = await heldCredit(instant, a.id, "self");
    const self = await decide(a, id, "release");
    expect(self.status).toBe(403);
    expect((await apiError(self)).code).toBe("SELF_ACTION");
    expect((await creditOf(instant, "self-over")).state).toBe("held");
    expect(await auditOf(id)).toEqual([]);
    expect(await inboxOf(a.id)).toEqual([]);
    const unknown = await decide(a, 999_999_999, "decline");
    expect(unknown.status).toBe(404);
    expect((await apiError(unknown)).code).toBe("NOT_FOUND");
    const player = await ctx.createVerifiedUser();
    expect((await decide(player, id, "release")).status).toBe(403);
    const noReason = await decide(b, id, "decline", "");
    expect(noReason.status).toBe(422);
    expect((await creditOf(instant, "self-over")).state).toBe("held");
  });
});
