import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminContext } from "../../../tests/support/admin";
import { insertUserRow, referralRow } from "../../../tests/support/db-users";
import type { TestUser } from "../../../tests/support/factories";
import type { TestContext } from "../../../tests/support/test-app";
import { errorCode } from "../../../tests/support/typed-client";
import { decideHeldReferral, getReferrals } from "./referrals.service";

let ctx: TestContext;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  member = await ctx.createVerifiedUser();
});
afterAll(async () => {
  await ctx.close();
});

const post = (cookie: string | undefined, path: string, json: unknown) =>
  ctx.request(path, { ...(cookie ? { cookie } : {}), method: "POST", json });

/** A referrer and a friend whose bonus pair is held for review (as a same-address sign-up leaves it). */
async function heldPair(ip = "10.250.0.1") {
  const referrer = await insertUserRow(ctx.db);
  const friend = await insertUserRow(ctx.db, { referredBy: referrer.id });
  await ctx.db
    .updateTable("user_profiles")
    .set({ signup_ip: ip })
    .where("id", "in", [referrer.id, friend.id])
    .execute();
  await ctx.db
    .updateTable("referrals")
    .set({ bonus_status: "held" })
    .where("referred_id", "=", friend.id)
    .execute();
  return { referrer, friend };
}

async function state(userId: string) {
  const [ledger, profile] = await Promise.all([
    ctx.db
      .selectFrom("coin_ledger")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
    ctx.db.selectFrom("user_profiles").select("points").where("id", "=", userId).executeTakeFirstOrThrow(),
  ]);
  return { rows: ledger.n, balance: profile.points };
}

const auditRows = (referredId: string) =>
  ctx.db.selectFrom("audit_log").selectAll().where("target_id", "=", referredId).execute();

const reason = { reason: "Checked: different households" };

describe("the referral review queue", () => {
  it("is for administrators only: 401 for guests, 403 for other users", async () => {
    const { friend } = await heldPair();
    for (const [cookie, status] of [
      [undefined, 401],
      [member.cookie, 403],
    ] as const) {
      expect((await ctx.request("/api/admin/referrals/held", cookie ? { cookie } : {})).status).toBe(status);
      for (const action of ["release", "decline"])
        expect((await post(cookie, `/api/admin/referrals/${friend.id}/${action}`, reason)).status).toBe(
          status,
        );
    }
    expect(await state(friend.id)).toEqual({ rows: 0, balance: 0 });
    expect(await auditRows(friend.id)).toEqual([]);
  });

  it("lists held pairs oldest first with both e-mails, both sign-up addresses, when and why", async () => {
    const first = await heldPair("10.250.1.1");
    const second = await heldPair("10.250.1.2");
    await ctx.db
      .updateTable("referrals")
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where("referred_id", "=", first.friend.id)
      .execute();
    const res = await ctx.request("/api/admin/referrals/held?page=1", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: { referredId: string }[]; total: number; pageSize: number };
    const ids = page.items.map((i) => i.referredId);
    expect(ids.indexOf(first.friend.id)).toBeLessThan(ids.indexOf(second.friend.id));
    expect(page.items.find((i) => i.referredId === first.friend.id)).toEqual({
      referredId: first.friend.id,
      friendEmail: first.friend.email,
      friendSignupIp: "10.250.1.1",
      referrerId: first.referrer.id,
      referrerEmail: first.referrer.email,
      referrerSignupIp: "10.250.1.1",
      referredAt: expect.any(String),
      why: expect.stringMatching(/address/),
    });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const overview = (await (await ctx.request("/api/admin/overview", { cookie: admin.cookie })).json()) as {
      pending: { key: string; count: number; href: string }[];
    };
    expect(overview.pending.find((p) => p.key === "referrals")).toMatchObject({
      count: page.total,
      href: "/admin/referrals",
    });
  });

  it("pages by 20", async () => {
    const res = await ctx.request("/api/admin/referrals/held?page=9999", { cookie: admin.cookie });
    expect(await res.json()).toMatchObject({ items: [], page: 9999, pageSize: 20 });
    const bad = await ctx.request("/api/admin/referrals/held?page=0", { cookie: admin.cookie });
    expect(bad.status).toBe(422);
  });

  it("release pays both bonuses once and writes one audit row; a second decision is 409", async () => {
    const { referrer, friend } = await heldPair();
    const res = await post(admin.cookie, `/api/admin/referrals/${friend.id}/release`, reason);
    expect(res.status).toBe(200);
    const result = (await res.json()) as { auditId: number };
    expect(result).toMatchObject({ status: "released", friendCoins: 50, referrerCoins: 50 });
    expect(await state(friend.id)).toEqual({ rows: 1, balance: 50 });
    expect(await state(referrer.id)).toEqual({ rows: 1, balance: 50 });
    // The referrer's line says what was paid and when, as for a pair the release rule paid.
    const [paidRow] = await ctx.db
      .selectFrom("coin_ledger")
      .select("created_at")
      .where("user_id", "=", referrer.id)
      .execute();
    const view = await getReferrals(ctx.db, referrer.id, "http://localhost");
    expect(view.friends).toEqual([
      expect.objectContaining({
        bonus: "paid",
        paid: { coins: 50, at: new Date(paidRow?.created_at ?? 0).toISOString() },
      }),
    ]);
    const audit = await auditRows(friend.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      id: result.auditId,
      actor_id: admin.id,
      action: "referral.release",
      target_type: "referral",
      before: { status: "held", referrerId: referrer.id },
      after: { status: "released", friendCoins: 50, referrerCoins: 50 },
      reason: reason.reason,
      request_id: expect.any(String),
    });

    const listed = await ctx.request(`/api/admin/audit?target=${encodeURIComponent(friend.email)}`, {
      cookie: admin.cookie,
    });
    expect((await listed.json()).entries).toEqual([
      expect.objectContaining({
        action: "referral.release",
        targetType: "referral",
        targetEmail: friend.email,
        reason: reason.reason,
      }),
    ]);

    for (const action of ["release", "decline"]) {
      const again = await post(admin.cookie, `/api/admin/referrals/${friend.id}/${action}`, reason);
      expect(again.status).toBe(409);
      expect(await errorCode(again)).toBe("CONFLICT");
    }
    expect(await state(friend.id)).toEqual({ rows: 1, balance: 50 });
    expect(await state(referrer.id)).toEqual({ rows: 1, balance: 50 });
    expect(await auditRows(friend.id)).toHaveLength(1);
  });

  it("decline pays nothing and writes one audit row", async () => {
    const { referrer, friend } = await heldPair();
    const res = await post(admin.cookie, `/api/admin/referrals/${friend.id}/decline`, reason);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "declined", friendCoins: 0, referrerCoins: 0 });
    expect(await state(friend.id)).toEqual({ rows: 0, balance: 0 });
    expect(await state(referrer.id)).toEqual({ rows: 0, balance: 0 });
    const audit = await auditRows(friend.id);
    expect(audit.map((a) => [a.action, a.after])).toEqual([
      ["referral.decline", { status: "declined", friendCoins: 0, referrerCoins: 0 }],
    ]);
    expect((await post(admin.cookie, `/api/admin/referrals/${friend.id}/release`, reason)).status).toBe(409);
    expect(await state(friend.id)).toEqual({ rows: 0, balance: 0 });
  });

  it("needs a reason; an unknown referral is 404; a referral not held is 409", async () => {
    const { friend } = await heldPair();
    const noReason = await post(admin.cookie, `/api/admin/referrals/${friend.id}/release`, { reason: " " });
    expect(noReason.status).toBe(422);
    expect((await post(admin.cookie, "/api/admin/referrals/nobody/release", reason)).status).toBe(404);
    const referrer = await insertUserRow(ctx.db);
    const pending = await insertUserRow(ctx.db, { referredBy: referrer.id });
    expect((await post(admin.cookie, `/api/admin/referrals/${pending.id}/release`, reason)).status).toBe(409);
    expect(await state(friend.id)).toEqual({ rows: 0, balance: 0 });
    expect(await state(pending.id)).toEqual({ rows: 0, balance: 0 });
  });

  it("concurrent release and decline: exactly one wins, coins and audit match the winner", async () => {
    for (let round = 0; round < 3; round++) {
      const { referrer, friend } = await heldPair();
      const answers = await Promise.all(
        ["release", "decline", "release", "decline"].map((action) =>
          post(admin.cookie, `/api/admin/referrals/${friend.id}/${action}`, reason),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      const audit = await auditRows(friend.id);
      expect(audit).toHaveLength(1);
      const paid = audit[0]?.action === "referral.release" ? 50 : 0;
      expect(await state(friend.id)).toEqual({ rows: paid ? 1 : 0, balance: paid });
      expect(await state(referrer.id)).toEqual({ rows: paid ? 1 : 0, balance: paid });
    }
  });

  it("rolls the decision and its coins back when the audit row cannot be written", async () => {
    const { referrer, friend } = await heldPair();
    await expect(
      decideHeldReferral(ctx.db, {
        referredId: friend.id,
        decision: "release",
        decidedBy: admin.id,
        inTransaction: async () => {
          throw new Error("audit failed");
        },
      }),
    ).rejects.toThrow("audit failed");
    expect(await state(friend.id)).toEqual({ rows: 0, balance: 0 });
    expect(await state(referrer.id)).toEqual({ rows: 0, balance: 0 });
    expect((await referralRow(ctx.db, friend.id)).bonus_status).toBe("held");
  });
});

describe("referral decisions and the admin rate limit", () => {
  it("count towards ADMIN_RATE_LIMIT: past it, 429 and nothing is decided", async () => {
    const { ctx: limited, admin: operator } = await createAdminContext({ ADMIN_RATE_LIMIT: "2" });
    try {
      const pairs = [];
      for (let i = 0; i < 3; i++) {
        const referrer = await insertUserRow(limited.db);
        const friend = await insertUserRow(limited.db, { referredBy: referrer.id });
        await limited.db
          .updateTable("referrals")
          .set({ bonus_status: "held" })
          .where("referred_id", "=", friend.id)
          .execute();
        pairs.push(friend);
      }
      const decide = (friendId: string) =>
        limited.request(`/api/admin/referrals/${friendId}/decline`, {
          cookie: operator.cookie,
          method: "POST",
          json: reason,
        });
      expect((await decide(pairs[0]!.id)).status).toBe(200);
      expect((await decide(pairs[1]!.id)).status).toBe(200);
      const third = await decide(pairs[2]!.id);
      expect(third.status).toBe(429);
      expect(await errorCode(third)).toBe("RATE_LIMITED");
      expect((await referralRow(limited.db, pairs[2]!.id)).bonus_status).toBe("held");
    } finally {
      await limited.close();
    }
  });
});
