import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondAdmin } from "#tests/support/admin";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import {
  createEnabledPartner,
  playerPartnerId,
  signedQuery,
  type TestPartner,
} from "#tests/support/partners";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { apiError } from "#tests/support/typed-client";
import { releaseDuePartnerCredits } from "./partner-release.job";

/**
 * The postback (docs/product.md, "Earning partners"): a signed credit is pending until the partner's hold has
 * passed, then released once; copies record nothing more, a changed amount is refused and flagged; a reversal
 * takes back exactly what was credited; a bad signature, an unknown partner or a disallowed source is a 403 and
 * writes nothing.
 */
let ctx: TestContext;
let admins: [TestUser, TestUser];
let partner: TestPartner;
beforeAll(async () => {
  const aEmail = uniqueEmail("admin-a");
  ctx = await createTestContext({ ADMIN_EMAILS: aEmail, ADMIN_RATE_LIMIT: "1000" });
  admins = [await ctx.createVerifiedUser({ email: aEmail }), await secondAdmin(ctx)];
  partner = await createEnabledPartner(ctx, admins, { holdDays: 7 });
});
afterAll(async () => {
  await ctx.close();
});

const profileOf = (userId: string) =>
  ctx.db
    .selectFrom("user_profiles")
    .select(["points", "pending_points"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
const rowsOf = (userId: string) =>
  ctx.db
    .selectFrom("coin_ledger")
    .select(["kind", "amount", "cause_key"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
const creditOf = (transaction: string) =>
  ctx.db
    .selectFrom("partner_credits")
    .selectAll()
    .where("partner_id", "=", String(partner.id))
    .where("transaction_id", "=", transaction)
    .executeTakeFirst();
const send = (
  p: { user_id: string; transaction_id: string; reward: string; payout?: string; status?: string },
  signature?: string,
  slug = partner.slug,
  ip?: string,
) => ctx.request(`/api/postbacks/${slug}?${signedQuery(partner.secret, p, signature)}`, ip ? { ip } : {});

async function newPlayer() {
  const user = await ctx.createVerifiedUser();
  return { user, pid: await playerPartnerId(ctx, user.id) };
}

describe("a credit", () => {
  it("is pending with its release date, then available after the hold, released once", async () => {
    const { user, pid } = await newPlayer();
    const before = Date.now();
    const res = await send({ user_id: pid, transaction_id: "c-1", reward: "420", payout: "2.10" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.text()).toBe("OK");
    const credit = await creditOf("c-1");
    expect(credit).toMatchObject({
      user_id: user.id,
      coins: 420,
      state: "pending",
    });
    expect(Number(credit?.payout_micros)).toBe(2_100_000);
    const hold = credit!.release_at.getTime() - before;
    expect(hold).toBeGreaterThanOrEqual(7 * 86_400_000 - 5_000);
    expect(hold).toBeLessThanOrEqual(7 * 86_400_000 + 5_000);
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 420 });
    expect(await rowsOf(user.id)).toEqual([]);

    // Before its date nothing is released; after it, exactly once.
    expect(await releaseDuePartnerCredits(ctx.db, new Date(credit!.release_at.getTime() - 1000))).toBe(0);
    const after = new Date(credit!.release_at.getTime() + 1000);
    expect(await releaseDuePartnerCredits(ctx.db, after)).toBeGreaterThanOrEqual(1);
    expect(await releaseDuePartnerCredits(ctx.db, after)).toBe(0);
    expect(await profileOf(user.id)).toEqual({ points: 420, pending_points: 0 });
    expect(await rowsOf(user.id)).toEqual([
      { kind: "partner_credit", amount: 420, cause_key: `partner:${partner.id}:c-1` },
    ]);
    expect((await creditOf("c-1"))?.state).toBe("available");
  });

  it("sent ten times at once records once", async () => {
    const { user, pid } = await newPlayer();
    const p = { user_id: pid, transaction_id: "c-10", reward: "50", payout: "0.25" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(p)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 50 });
    const n = await ctx.db
      .selectFrom("partner_credits")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(1);
  });

  it("under a known id with another amount is refused (409) and flagged; nothing changes", async () => {
    const { user, pid } = await newPlayer();
    expect((await send({ user_id: pid, transaction_id: "c-amt", reward: "100", payout: "0.5" })).status).toBe(
      200,
    );
    const changed = await send({ user_id: pid, transaction_id: "c-amt", reward: "900", payout: "0.5" });
    expect(changed.status).toBe(409);
    expect((await apiError(changed)).code).toBe("POSTBACK_CONFLICT");
    expect(await creditOf("c-amt")).toMatchObject({ coins: 100, conflicts: 1 });
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 100 });
  });

  it("arrives as a POSTed form too", async () => {
    const { user, pid } = await newPlayer();
    const body = signedQuery(partner.secret, { user_id: pid, transaction_id: "c-form", reward: "30" });
    const res = await ctx.request(`/api/postbacks/${partner.slug}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 30 });
  });

  it("pays the payout times coins per dollar when the partner is set to a rate", async () => {
    const rated = await createEnabledPartner(ctx, admins, { coinsPerDollar: 1000, holdDays: 0 });
    const { user, pid } = await newPlayer();
    const q = signedQuery(rated.secret, {
      user_id: pid,
      transaction_id: "rate-1",
      reward: "1",
      payout: "1.505",
    });
    expect((await ctx.request(`/api/postbacks/${rated.slug}?${q}`)).status).toBe(200);
    // A hold of 0: available at once.
    expect(await profileOf(user.id)).toEqual({ points: 1505, pending_points: 0 });
  });
});

describe("a reversal", () => {
  it("of a pending credit drops its pending coins; a copy takes nothing more", async () => {
    const { user, pid } = await newPlayer();
    await send({ user_id: pid, transaction_id: "rv-1", reward: "80" });
    const back = await send({ user_id: pid, transaction_id: "r-rv-1", reward: "80", status: "2" });
    expect(back.status, await back.clone().text()).toBe(200);
    expect((await send({ user_id: pid, transaction_id: "rv-1", reward: "80", status: "2" })).status).toBe(
      200,
    );
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0 });
    expect((await creditOf("rv-1"))?.state).toBe("reversed");
    expect(await rowsOf(user.id)).toEqual([]);
    // Released later? Never: it was reversed first.
    expect(
      await releaseDuePartnerCredits(ctx.db, new Date(Date.now() + 30 * 86_400_000)),
    ).toBeGreaterThanOrEqual(0);
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0 });
  });

  it("of an available credit takes its coins back with a ledger row", async () => {
    const { user, pid } = await newPlayer();
    await send({ user_id: pid, transaction_id: "rv-2", reward: "60" });
    await releaseDuePartnerCredits(ctx.db, new Date(Date.now() + 8 * 86_400_000));
    expect(await profileOf(user.id)).toEqual({ points: 60, pending_points: 0 });
    expect((await send({ user_id: pid, transaction_id: "rv-2", reward: "60", status: "2" })).status).toBe(
      200,
    );
    expect(await profileOf(user.id)).toEqual({ points: 0, pending_points: 0 });
    expect((await rowsOf(user.id)).map((r) => [r.kind, r.amount])).toEqual([
      ["partner_credit", 60],
      ["partner_reversal", -60],
    ]);
  });
});

describe("refused postbacks write nothing", () => {
  const nothingWritten = async (userId: string, res: Response, status: number, code: string) => {
    expect(res.status, await res.clone().text()).toBe(status);
    expect((await apiError(res)).code).toBe(code);
    expect(await profileOf(userId)).toEqual({ points: 0, pending_points: 0 });
    expect(
      await ctx.db.selectFrom("partner_credits").select("id").where("user_id", "=", userId).execute(),
    ).toEqual([]);
  };

  it("a bad signature → 403", async () => {
    const { user, pid } = await newPlayer();
    const p = { user_id: pid, transaction_id: "bad-1", reward: "10" };
    await nothingWritten(user.id, await send(p, "0".repeat(64)), 403, "POSTBACK_REFUSED");
    await nothingWritten(
      user.id,
      await send({ ...p, reward: "11" }, signedQuery(partner.secret, p).split("signature=")[1]),
      403,
      "POSTBACK_REFUSED",
    );
  });

  it("an unknown slug → 403", async () => {
    const { user, pid } = await newPlayer();
    await nothingWritten(
      user.id,
      await send({ user_id: pid, transaction_id: "u-1", reward: "10" }, undefined, "no-such-wall"),
      403,
      "POSTBACK_REFUSED",
    );
  });

  it("a source outside the allowed addresses → 403; an allowed one is recorded", async () => {
    const fenced = await createEnabledPartner(ctx, admins, { allowedSources: ["203.0.113.7"] });
    const { user, pid } = await newPlayer();
    const q = signedQuery(fenced.secret, { user_id: pid, transaction_id: "f-1", reward: "10" });
    await nothingWritten(
      user.id,
      await ctx.request(`/api/postbacks/${fenced.slug}?${q}`, { ip: "198.51.100.1" }),
      403,
      "POSTBACK_REFUSED",
    );
    expect((await ctx.request(`/api/postbacks/${fenced.slug}?${q}`, { ip: "203.0.113.7" })).status).toBe(200);
  });

  it("malformed → 400; an unknown player → 400", async () => {
    const { user, pid } = await newPlayer();
    await nothingWritten(
      user.id,
      await send({ user_id: pid, transaction_id: "m-1", reward: "1.5" }),
      400,
      "POSTBACK_MALFORMED",
    );
    await nothingWritten(
      user.id,
      await send({ user_id: "pnobody", transaction_id: "m-2", reward: "5" }),
      400,
      "POSTBACK_UNKNOWN_PLAYER",
    );
  });
});
