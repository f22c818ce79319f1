import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRequest, createAdminContext, ledgerAuditCounts, secondAdmin } from "#tests/support/admin";
import { grantCoins } from "#tests/support/coins";
import type { TestUser } from "#tests/support/factories";
import type { TestContext } from "#tests/support/test-app";
import { apiError } from "#tests/support/typed-client";

/**
 * Dual control (docs/product.md, "Dual control"): an adjustment above DUAL_CONTROL_COINS or a redemption approval
 * above DUAL_CONTROL_DOLLARS is proposed by one administrator and applied only when a different one approves it,
 * exactly once however many approvals arrive together; either can be withdrawn; thresholds of 0 turn it off.
 */
let ctx: TestContext;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  ({ ctx, admin: a } = await createAdminContext({
    DUAL_CONTROL_COINS: "5000",
    DUAL_CONTROL_DOLLARS: "50",
    // On, and high enough to stay out of this file's way (no-one-alone.db.test.ts tests it).
    DUAL_CONTROL_DAILY_DOLLARS: "100000",
    REDEEM_REQUIRE_KYC: "false",
    REDEEM_DAILY_CAP_DOLLARS: "100000",
  }));
  b = await secondAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const adjust = (admin: TestUser, userId: string, amount: number, adjustmentId = randomUUID()) =>
  adminRequest(ctx, admin, `/api/admin/users/${userId}/adjustments`, {
    adjustmentId,
    amount,
    reason: "Tournament prize",
  });
const approve = (admin: TestUser, id: number) =>
  adminRequest(ctx, admin, `/api/admin/proposals/${id}/approve`, {});
const auditActions = async (targetId: string) =>
  (
    await ctx.db
      .selectFrom("audit_log")
      .select(["action", "actor_id"])
      .where("target_id", "=", targetId)
      .orderBy("id")
      .execute()
  ).map((r) => `${r.action} by ${r.actor_id === a.id ? "A" : r.actor_id === b.id ? "B" : r.actor_id}`);

describe("a large adjustment needs a second administrator", () => {
  it("is proposed by A (202, nothing applied), A cannot approve it, B's approval applies it", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await adjust(a, user.id, 10_000);
    expect(res.status, await res.clone().text()).toBe(202);
    const { proposal } = await res.json();
    expect(proposal).toMatchObject({
      kind: "coins.adjust",
      status: "proposed",
      amount: 10_000,
      proposedBy: { id: a.id },
    });
    expect(await ledgerAuditCounts(ctx.db, user.id)).toEqual({ ledger: 0, audit: 1, balance: 0 });

    const own = await approve(a, proposal.id);
    expect(own.status).toBe(403);
    expect((await apiError(own)).code).toBe("SECOND_ADMIN_REQUIRED");
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ ledger: 0, balance: 0 });

    const listed = await (await ctx.request("/api/admin/proposals", { cookie: b.cookie })).json();
    expect(listed.proposals.map((p: { id: number }) => p.id)).toContain(proposal.id);

    const ok = await approve(b, proposal.id);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toMatchObject({
      proposal: { status: "approved", decidedBy: { id: b.id } },
      balance: 10_000,
    });
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ ledger: 1, balance: 10_000 });
    expect(await auditActions(user.id)).toEqual([
      "proposal.create by A",
      "proposal.approve by B",
      "coins.adjust by B",
    ]);

    // A resend of A's request answers the applied adjustment; a second approval is refused.
    const again = await adjust(a, user.id, 10_000, proposal.adjustmentId);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ replayed: true, balance: 10_000 });
    const twice = await approve(b, proposal.id);
    expect(twice.status).toBe(409);
    expect((await apiError(twice)).code).toBe("PROPOSAL_STATE");
  });

  it("20 concurrent approvals apply it once", async () => {
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 7000);
    const res = await adjust(a, user.id, 6000);
    const made = (await res.json()).proposal;
    const answers = await Promise.all(Array.from({ length: 20 }, () => approve(b, made.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await ctx.db
      .selectFrom("coin_ledger")
      .select("amount")
      .where("user_id", "=", user.id)
      .where("kind", "=", "adjustment")
      .execute();
    expect(rows.map((r) => r.amount).sort()).toEqual([6000, 7000].sort());
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ balance: 13_000 });
  });

  it("can be withdrawn by its proposer or declined by another administrator; nothing moves", async () => {
    const user = await ctx.createVerifiedUser();
    const first = (await (await adjust(a, user.id, 8000)).json()).proposal;
    const second = (await (await adjust(a, user.id, 9000)).json()).proposal;
    const w1 = await adminRequest(ctx, a, `/api/admin/proposals/${first.id}/withdraw`, {
      reason: "Wrong user",
    });
    expect(w1.status).toBe(200);
    expect(await w1.json()).toMatchObject({ status: "withdrawn", decidedBy: { id: a.id } });
    const w2 = await adminRequest(ctx, b, `/api/admin/proposals/${second.id}/withdraw`, {
      reason: "No ticket",
    });
    expect(w2.status).toBe(200);
    expect((await approve(b, first.id)).status).toBe(409);
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ ledger: 0, balance: 0 });
    expect(await auditActions(user.id)).toEqual([
      "proposal.create by A",
      "proposal.create by A",
      "proposal.withdraw by A",
      "proposal.withdraw by B",
    ]);
  });

  it("at or below the threshold applies at once", async () => {
    const user = await ctx.createVerifiedUser();
    expect((await adjust(a, user.id, 5000)).status).toBe(201);
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ balance: 5000 });
  });

  it("the target of a proposal cannot approve it", async () => {
    const proposal = (await (await adjust(a, b.id, 9000)).json()).proposal;
    const res = await approve(b, proposal.id);
    expect(res.status).toBe(403);
    expect((await apiError(res)).code).toBe("SELF_ACTION");
  });
});

describe("a large redemption approval needs a second administrator", () => {
  it("A's approval proposes it; B's approval (on the redemption or the proposal) approves it once", async () => {
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 30_000);
    const made = await ctx.request("/api/redemptions", {
      method: "POST",
      cookie: user.cookie,
      json: { coins: 20_000, method: "paypal" },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { redemption } = await made.json();
    const first = await adminRequest(ctx, a, `/api/admin/redemptions/${redemption.id}/approve`, {});
    expect(first.status, await first.clone().text()).toBe(202);
    const { proposal } = await first.json();
    expect(proposal).toMatchObject({
      kind: "redemption.approve",
      redemptionId: redemption.id,
      dollars: "100.00",
    });
    const stillPending = await ctx.db
      .selectFrom("redemptions")
      .select("status")
      .where("id", "=", redemption.id)
      .executeTakeFirstOrThrow();
    expect(stillPending.status).toBe("pending");
    // A pressing Approve again gets the same proposal; A cannot approve the proposal.
    const again = await adminRequest(ctx, a, `/api/admin/redemptions/${redemption.id}/approve`, {});
    expect(again.status).toBe(202);
    expect((await again.json()).proposal.id).toBe(proposal.id);
    expect((await approve(a, proposal.id)).status).toBe(403);

    const second = await adminRequest(ctx, b, `/api/admin/redemptions/${redemption.id}/approve`, {});
    expect(second.status, await second.clone().text()).toBe(200);
    expect((await second.json()).redemption.status).toBe("approved");
    expect(await auditActions(String(redemption.id))).toEqual([
      "proposal.create by A",
      "proposal.approve by B",
      "redemption.approve by B",
    ]);
  });

  it("rejecting the redemption withdraws its waiting proposal", async () => {
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 20_000);
    const { redemption } = await (
      await ctx.request("/api/redemptions", {
        method: "POST",
        cookie: user.cookie,
        json: { coins: 12_000, method: "paypal" },
      })
    ).json();
    const { proposal } = await (
      await adminRequest(ctx, a, `/api/admin/redemptions/${redemption.id}/approve`, {})
    ).json();
    const rejected = await adminRequest(ctx, b, `/api/admin/redemptions/${redemption.id}/reject`, {
      reason: "Fraud ring",
    });
    expect(rejected.status).toBe(200);
    const row = await ctx.db
      .selectFrom("admin_proposals")
      .select("status")
      .where("id", "=", proposal.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("withdrawn");
  });
});

describe("thresholds of 0 turn dual control off", () => {
  it("one administrator applies any amount, and the overview warns that dual control is off", async () => {
    const solo = await createAdminContext({ DUAL_CONTROL_COINS: "0", DUAL_CONTROL_DOLLARS: "0" });
    try {
      const user = await solo.ctx.createVerifiedUser();
      const res = await adminRequest(solo.ctx, solo.admin, `/api/admin/users/${user.id}/adjustments`, {
        adjustmentId: randomUUID(),
        amount: 100_000,
        reason: "Migration from the old system",
      });
      expect(res.status).toBe(201);
      const overview = await (
        await solo.ctx.request("/api/admin/overview", { cookie: solo.admin.cookie })
      ).json();
      expect(overview.dualControl).toMatchObject({ coins: 0, dollars: 0 });
      expect(overview.dualControl.warning).toMatch(/Dual control is off/);
    } finally {
      await solo.ctx.close();
    }
    const onOverview = await (await ctx.request("/api/admin/overview", { cookie: a.cookie })).json();
    expect(onOverview.dualControl.warning).toBeNull();
  });
});
