import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { adminContextForFile, adminRequest, ledgerAuditCounts } from "#tests/support/admin";
import { errorCode } from "#tests/support/typed-client";

/** Administrators adjust coin balances: one ledger row and one audit row, never below 0, on a fresh session. */
const { ctx, admin } = adminContextForFile();

const asAdmin = (path: string, json?: unknown) => adminRequest(ctx, admin, path, json);
const counts = (userId: string) => ledgerAuditCounts(ctx.db, userId);

describe("coin adjustments", () => {
  it("writes one ledger row (kind adjustment, the reason) and one audit row; the user sees it in their history", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 1000,
      reason: "Support ticket 42",
    });
    expect(res.status).toBe(201);
    const result = await res.json();
    expect(result).toMatchObject({ amount: 1000, balance: 1000 });
    expect(await counts(user.id)).toEqual({ ledger: 1, audit: 1, balance: 1000 });
    const audit = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("id", "=", result.auditId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: admin.id,
      action: "coins.adjust",
      target_type: "user",
      target_id: user.id,
      before: { balance: 0 },
      after: { balance: 1000, amount: 1000, ledgerEntryId: result.entryId },
      reason: "Support ticket 42",
    });
    expect(audit.request_id).toBeTruthy();
    const history = await (await ctx.request("/api/ledger/transactions", { cookie: user.cookie })).json();
    expect(history.entries).toMatchObject([
      { kind: "adjustment", amount: 1000, reason: "Support ticket 42" },
    ]);
    const balance = await (await ctx.request("/api/ledger/balance", { cookie: user.cookie })).json();
    expect(balance.balance).toBe(1000);
  });

  it("takes coins down to exactly 0, and refuses −N below the balance with 409, writing nothing", async () => {
    const user = await ctx.createVerifiedUser();
    await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 30,
      reason: "Goodwill",
    });
    const tooMuch = await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: -31,
      reason: "Fraud",
    });
    expect(tooMuch.status).toBe(409);
    expect(await errorCode(tooMuch)).toBe("ADJUSTMENT_BELOW_ZERO");
    expect(await counts(user.id)).toEqual({ ledger: 1, audit: 1, balance: 30 });
    const all = await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: -30,
      reason: "Fraud",
    });
    expect(all.status).toBe(201);
    expect(await counts(user.id)).toEqual({ ledger: 2, audit: 2, balance: 0 });
  });

  it("never goes below 0 under concurrent takes: one of two −20s on 30 coins succeeds", async () => {
    const user = await ctx.createVerifiedUser();
    await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 30,
      reason: "Start",
    });
    const results = await Promise.all(
      [1, 2].map(() =>
        asAdmin(`/api/admin/users/${user.id}/adjustments`, {
          adjustmentId: randomUUID(),
          amount: -20,
          reason: "Take",
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await counts(user.id)).toEqual({ ledger: 2, audit: 2, balance: 10 });
  });

  it("applies a resent adjustment once: the same id answers 200 with the first result, no second row", async () => {
    const user = await ctx.createVerifiedUser();
    const body = { adjustmentId: randomUUID(), amount: 250, reason: "Lost answer" };
    const first = await asAdmin(`/api/admin/users/${user.id}/adjustments`, body);
    expect(first.status).toBe(201);
    const result = await first.json();
    expect(result.replayed).toBe(false);
    const again = await asAdmin(`/api/admin/users/${user.id}/adjustments`, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...result, replayed: true });
    expect(await counts(user.id)).toEqual({ ledger: 1, audit: 1, balance: 250 });
    const next = await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      ...body,
      adjustmentId: randomUUID(),
    });
    expect(next.status).toBe(201);
    expect(await counts(user.id)).toEqual({ ledger: 2, audit: 2, balance: 500 });
  });

  it("applies one of several simultaneous sends of one adjustment id; the others get its result", async () => {
    const user = await ctx.createVerifiedUser();
    const body = { adjustmentId: randomUUID(), amount: 40, reason: "Double click" };
    const results = await Promise.all(
      [1, 2, 3].map(() => asAdmin(`/api/admin/users/${user.id}/adjustments`, body)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const answers = await Promise.all(results.map((r) => r.json()));
    expect(answers.map((a) => a.replayed).sort()).toEqual([false, true, true]);
    expect(new Set(answers.map((a) => JSON.stringify({ ...a, replayed: null }))).size).toBe(1);
    expect(await counts(user.id)).toEqual({ ledger: 1, audit: 1, balance: 40 });
  });

  it("refuses an adjustment id reused for another amount, reason or user with 409 CONFLICT, writing nothing", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    const body = { adjustmentId: randomUUID(), amount: 60, reason: "First use" };
    expect((await asAdmin(`/api/admin/users/${user.id}/adjustments`, body)).status).toBe(201);
    for (const [target, changed] of [
      [user.id, { ...body, amount: 61 }],
      [user.id, { ...body, reason: "Another reason" }],
      [other.id, body],
    ] as const) {
      const res = await asAdmin(`/api/admin/users/${target}/adjustments`, changed);
      expect(res.status, JSON.stringify([target === user.id, changed])).toBe(409);
      expect(await errorCode(res)).toBe("CONFLICT");
    }
    expect(await counts(user.id)).toEqual({ ledger: 1, audit: 1, balance: 60 });
    expect(await counts(other.id)).toEqual({ ledger: 0, audit: 0, balance: 0 });
  });

  it("rolls the ledger row back when its audit row cannot be written (one transaction)", async () => {
    const user = await ctx.createVerifiedUser();
    await sql
      .raw(`create function refuse_test_audit() returns trigger language plpgsql as $$
      begin
        if new.reason = 'audit must fail' then raise exception 'audit refused for the test'; end if;
        return new;
      end $$`)
      .execute(ctx.db);
    await sql
      .raw(
        "create trigger refuse_test_audit before insert on audit_log for each row execute function refuse_test_audit()",
      )
      .execute(ctx.db);
    const res = await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 50,
      reason: "audit must fail",
    });
    expect(res.status).toBe(500);
    expect(await counts(user.id)).toEqual({ ledger: 0, audit: 0, balance: 0 });
  });

  it("validates the amount and the reason (422) and answers 404 for an unknown user", async () => {
    const user = await ctx.createVerifiedUser();
    for (const body of [
      { adjustmentId: randomUUID(), amount: 0, reason: "Zero" },
      { adjustmentId: randomUUID(), amount: 1.5, reason: "Half" },
      { adjustmentId: randomUUID(), amount: 10, reason: "" },
      { adjustmentId: randomUUID(), amount: 10_000_000, reason: "Too much" },
      { adjustmentId: randomUUID(), amount: "10", reason: "String" },
      { amount: 10, reason: "No adjustment id" },
      { adjustmentId: "not-a-uuid", amount: 10, reason: "Bad adjustment id" },
    ]) {
      const res = await asAdmin(`/api/admin/users/${user.id}/adjustments`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const missing = await asAdmin("/api/admin/users/nobody/adjustments", {
      adjustmentId: randomUUID(),
      amount: 10,
      reason: "Nobody",
    });
    expect(missing.status).toBe(404);
    expect(await counts(user.id)).toEqual({ ledger: 0, audit: 0, balance: 0 });
  });

  it("needs a fresh session: signed in more than 15 minutes ago → 403 REAUTH_REQUIRED, nothing written", async () => {
    const user = await ctx.createVerifiedUser();
    const cookie = await ctx.signIn(admin.email, admin.password);
    await ctx.db
      .updateTable("session")
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where("userId", "=", admin.id)
      .execute();
    const res = await ctx.request(`/api/admin/users/${user.id}/adjustments`, {
      method: "POST",
      cookie,
      json: { adjustmentId: randomUUID(), amount: 10, reason: "Late" },
    });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("REAUTH_REQUIRED");
    expect(await counts(user.id)).toEqual({ ledger: 0, audit: 0, balance: 0 });
    admin.cookie = await ctx.signIn(admin.email, admin.password);
  });
});
