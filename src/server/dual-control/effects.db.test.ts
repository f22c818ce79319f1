import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRequest, createAdminContext, ledgerAuditCounts, secondAdmin } from "#tests/support/admin";
import { grantCoins } from "#tests/support/coins";
import type { TestUser } from "#tests/support/factories";
import { requested } from "#tests/support/redemptions";
import type { TestContext } from "#tests/support/test-app";
import { applyAdjustment } from "../admin/adjustments.service";
import { setRole } from "../admin/roles.service";
import type { DB } from "../db/schema";
import { approveRedemptionIn } from "../redemptions/redemption-transitions";

/**
 * One module decides (docs/product.md, "Dual control"): every effect that moves coins, money or power checks four
 * eyes itself, so calling it directly — past the routes — above the threshold is refused; the console learns the
 * rule from the server, the second administrator sees the whole case, and the administrators are mailed.
 */
let ctx: TestContext;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  ({ ctx, admin: a } = await createAdminContext({
    DUAL_CONTROL_COINS: "5000",
    DUAL_CONTROL_DOLLARS: "25",
    REDEEM_REQUIRE_KYC: "false",
    REDEEM_DAILY_CAP_DOLLARS: "100000",
  }));
  b = await secondAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const actor = () => ({ adminId: a.id, requestId: null });
const inTransaction = <T>(fn: (trx: Transaction<DB>) => Promise<T>) => ctx.db.transaction().execute(fn);
const adjustment = (userId: string, amount: number) => ({
  userId,
  amount,
  reason: "Direct call",
  adjustmentId: randomUUID(),
});
const fourEyesRequired = { code: "FOUR_EYES_REQUIRED" };

describe("each effect, called directly above the threshold, is refused", () => {
  it("an adjustment: alone past the cumulative threshold, or with a proposal nobody approved", async () => {
    const user = await ctx.createVerifiedUser();
    await expect(
      inTransaction((trx) => applyAdjustment(trx, ctx.deps, actor(), adjustment(user.id, 6000))),
    ).rejects.toMatchObject(fourEyesRequired);
    await inTransaction((trx) => applyAdjustment(trx, ctx.deps, actor(), adjustment(user.id, 4000)));
    await expect(
      inTransaction((trx) => applyAdjustment(trx, ctx.deps, actor(), adjustment(user.id, 1001))),
    ).rejects.toMatchObject(fourEyesRequired);
    // A waiting proposal is no licence: only one that a different administrator approved.
    const res = await adminRequest(
      ctx,
      a,
      `/api/admin/users/${user.id}/adjustments`,
      adjustment(user.id, 9000),
    );
    const { proposal } = await res.json();
    const input = { ...adjustment(user.id, 9000), adjustmentId: proposal.adjustmentId };
    await expect(
      inTransaction((trx) => applyAdjustment(trx, ctx.deps, actor(), input, proposal.id)),
    ).rejects.toMatchObject(fourEyesRequired);
    await expect(
      inTransaction((trx) =>
        applyAdjustment(trx, ctx.deps, { adminId: b.id, requestId: null }, input, proposal.id),
      ),
    ).rejects.toMatchObject(fourEyesRequired);
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ ledger: 1, balance: 4000 });
  });

  it("a redemption's approval above DUAL_CONTROL_DOLLARS", async () => {
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 10_000);
    const redemption = await requested(ctx, user, 6000); // $30
    await expect(
      inTransaction((trx) => approveRedemptionIn(trx, ctx.deps, actor(), redemption.id)),
    ).rejects.toMatchObject(fourEyesRequired);
    const row = await ctx.db
      .selectFrom("redemptions")
      .select("status")
      .where("id", "=", redemption.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });

  it("a role change by an administrator, or by a caller posing as the operator", async () => {
    const user = await ctx.createVerifiedUser();
    await expect(
      inTransaction((trx) =>
        setRole(trx, { userId: user.id, role: "admin", actorId: a.id, reason: "Direct" }),
      ),
    ).rejects.toMatchObject(fourEyesRequired);
    await expect(
      inTransaction((trx) =>
        setRole(trx, { userId: user.id, role: "admin", actorId: null, reason: "Direct" }),
      ),
    ).rejects.toMatchObject(fourEyesRequired);
    const row = await ctx.db
      .selectFrom("user")
      .select("role")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("user");
  });
});

describe("the console is told first, the second administrator sees the case, everyone is mailed", () => {
  it("the dual-control read, the adjustment's case and the mails of a proposal", async () => {
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 2120);
    expect(
      (await adminRequest(ctx, a, `/api/admin/users/${user.id}/adjustments`, adjustment(user.id, 1000)))
        .status,
    ).toBe(201);
    const state = await (await adminRequest(ctx, a, `/api/admin/users/${user.id}/dual-control`)).json();
    expect(state).toMatchObject({ rule: { coins: 5000, dollars: 25 }, movedAlone: 1000, proposals: [] });
    const made = await adminRequest(
      ctx,
      a,
      `/api/admin/users/${user.id}/adjustments`,
      adjustment(user.id, 6000),
    );
    const { proposal } = await made.json();
    const after = await (await adminRequest(ctx, b, `/api/admin/users/${user.id}/dual-control`)).json();
    expect(after.movedAlone).toBe(0);
    expect(after.proposals.map((p: { id: number }) => p.id)).toEqual([proposal.id]);

    const list = await (await adminRequest(ctx, b, "/api/admin/proposals")).json();
    const shown = list.proposals.find((p: { id: number }) => p.id === proposal.id);
    expect(shown.case).toMatchObject({ balanceBefore: 3120, balanceAfter: 9120, redemption: null });
    expect(shown.case.history.map((h: { amount: number }) => h.amount)).toEqual([1000, 2120]);

    const waiting = await ctx.mailTo(b.email);
    expect(waiting.map((m) => m.subject)).toContain(
      `Play, Learn, Earn: a proposal waits for a second administrator (#${proposal.id})`,
    );
    expect((await ctx.mailTo(a.email)).some((m) => /proposal/.test(m.subject))).toBe(false);
    expect((await adminRequest(ctx, b, `/api/admin/proposals/${proposal.id}/approve`, {})).status).toBe(200);
    const decided = await ctx.mailTo(a.email);
    expect(decided.map((m) => m.subject)).toContain(
      `Play, Learn, Earn: your proposal #${proposal.id} was approved`,
    );
  });
});
