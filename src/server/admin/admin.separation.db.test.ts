import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { adminContextForFile, adminRequest, ledgerAuditCounts, secondAdmin } from "#tests/support/admin";
import { grantCoins } from "#tests/support/coins";
import { insertUserRow } from "#tests/support/db-users";
import { givePendingKyc } from "#tests/support/kyc";
import { apiError } from "#tests/support/typed-client";

/**
 * No self-service in the console (docs/product.md, "Separation of duties"): an administrator cannot move their own
 * coins or money, decide their own submissions, ban or unban themself or change their own role; ADMIN_EMAILS
 * accounts cannot be banned or demoted through the API; reasons made of invisible characters are refused.
 */
const { ctx, admin } = adminContextForFile({ REDEEM_REQUIRE_KYC: "false" });
const post = (path: string, json: unknown = {}) => adminRequest(ctx, admin, path, json);

async function expectRefused(res: Response, code: string, message: RegExp) {
  expect(res.status, await res.clone().text()).toBe(403);
  const error = await apiError(res);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
}

describe("an administrator cannot serve themself", () => {
  it("cannot adjust their own coins: 403 SELF_ACTION, nothing written", async () => {
    const before = await ledgerAuditCounts(ctx.db, admin.id);
    const res = await post(`/api/admin/users/${admin.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 10_000,
      reason: "Thanks to me",
    });
    await expectRefused(res, "SELF_ACTION", /your own coins/);
    expect(await ledgerAuditCounts(ctx.db, admin.id)).toEqual(before);
  });

  it("cannot ban, unban, or change their own role", async () => {
    await expectRefused(
      await post(`/api/admin/users/${admin.id}/ban`, { reason: "Oops" }),
      "SELF_ACTION",
      /ban yourself/,
    );
    await expectRefused(
      await post(`/api/admin/users/${admin.id}/unban`, { reason: "Let me back" }),
      "SELF_ACTION",
      /your own ban/,
    );
    await expectRefused(
      await post(`/api/admin/users/${admin.id}/role`, { role: "user", reason: "Step down" }),
      "SELF_ACTION",
      /your own role/,
    );
  });

  it("cannot decide their own KYC submission", async () => {
    const id = await givePendingKyc(ctx.deps, admin.id);
    await expectRefused(
      await post(`/api/admin/kyc/${id}/decision`, { decision: "approve" }),
      "SELF_ACTION",
      /your own KYC submission/,
    );
    const row = await ctx.db
      .selectFrom("kyc_submissions")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });

  it("cannot approve, reject or mark paid their own redemption", async () => {
    await grantCoins(ctx.db, admin.id, 2000);
    const res = await ctx.request("/api/redemptions", {
      method: "POST",
      cookie: admin.cookie,
      json: { coins: 1000, method: "paypal" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { redemption } = await res.json();
    for (const [action, body] of [
      ["approve", {}],
      ["reject", { reason: "Changed my mind" }],
      ["mark-paid", { reference: "SELF-1" }],
      ["retry", {}],
    ] as const)
      await expectRefused(
        await post(`/api/admin/redemptions/${redemption.id}/${action}`, body),
        "SELF_ACTION",
        /your own redemption/,
      );
    const row = await ctx.db
      .selectFrom("redemptions")
      .select("status")
      .where("id", "=", redemption.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });

  it("cannot decide a held referral bonus in which they are the referrer or the friend", async () => {
    const friend = await insertUserRow(ctx.db, { referredBy: admin.id });
    await ctx.db
      .updateTable("referrals")
      .set({ bonus_status: "held" })
      .where("referred_id", "=", friend.id)
      .execute();
    for (const decision of ["release", "decline"])
      await expectRefused(
        await post(`/api/admin/referrals/${friend.id}/${decision}`, { reason: "My friend" }),
        "SELF_ACTION",
        /pays you/,
      );
    const row = await ctx.db
      .selectFrom("referrals")
      .select("bonus_status")
      .where("referred_id", "=", friend.id)
      .executeTakeFirstOrThrow();
    expect(row.bonus_status).toBe("held");
  });
});

describe("ADMIN_EMAILS accounts are the operator's configuration", () => {
  it("a newly granted administrator cannot demote or ban an ADMIN_EMAILS administrator", async () => {
    const newcomer = await secondAdmin(ctx);
    const asNewcomer = (path: string, json: unknown) => adminRequest(ctx, newcomer, path, json);
    await expectRefused(
      await asNewcomer(`/api/admin/users/${admin.id}/role`, { role: "user", reason: "Taking over" }),
      "LISTED_ADMIN",
      /ADMIN_EMAILS/,
    );
    await expectRefused(
      await asNewcomer(`/api/admin/users/${admin.id}/ban`, { reason: "Taking over" }),
      "LISTED_ADMIN",
      /ADMIN_EMAILS/,
    );
    const row = await ctx.db
      .selectFrom("user")
      .select(["role", "banned"])
      .where("id", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "admin", banned: false });
    // The console is told, so it does not offer the actions.
    const detail = await (
      await ctx.request(`/api/admin/users/${admin.id}`, { cookie: newcomer.cookie })
    ).json();
    expect(detail.user.listedAdmin).toBe(true);
    // An administrator who is not listed can still be demoted by two others (a proposal and its approval by an
    // administrator who was one when it was made).
    const third = await secondAdmin(ctx);
    const demoted = await post(`/api/admin/users/${newcomer.id}/role`, {
      role: "user",
      reason: "Trial over",
    });
    expect(demoted.status).toBe(202);
    const { proposal } = await demoted.json();
    const approved = await adminRequest(ctx, third, `/api/admin/proposals/${proposal.id}/approve`, {});
    expect(approved.status, await approved.clone().text()).toBe(200);
    const after = await ctx.db
      .selectFrom("user")
      .select("role")
      .where("id", "=", newcomer.id)
      .executeTakeFirstOrThrow();
    expect(after.role).toBe("user");
  });
});

describe("reasons are words", () => {
  it("a reason of zero-width or bidi characters → 400 INVISIBLE_TEXT, on every reason field", async () => {
    const user = await ctx.createVerifiedUser();
    const hidden = ["\u200b\u200b\u200b", "\u202e\u202e\u202e\u202e", "\u2066\u200d\ufeff\u2069"];
    for (const reason of hidden) {
      for (const [path, body] of [
        [`/api/admin/users/${user.id}/adjustments`, { adjustmentId: randomUUID(), amount: 5, reason }],
        [`/api/admin/users/${user.id}/ban`, { reason }],
        [`/api/admin/users/${user.id}/revoke-sessions`, { reason }],
        [`/api/admin/redemptions/1/reject`, { reason }],
        [`/api/admin/referrals/${user.id}/release`, { reason }],
      ] as const) {
        const res = await post(path, body);
        expect(res.status, `${path} ${JSON.stringify(reason)}`).toBe(400);
        expect((await apiError(res)).code).toBe("INVISIBLE_TEXT");
      }
    }
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ ledger: 0, audit: 0 });
  });

  it("stores a reason normalised and without its hidden characters", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await post(`/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 5,
      reason: "\u202eＧoodwill\u200b gesture",
    });
    expect(res.status).toBe(201);
    const row = await ctx.db
      .selectFrom("audit_log")
      .select("reason")
      .where("target_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.reason).toBe("Goodwill gesture");
  });
});
