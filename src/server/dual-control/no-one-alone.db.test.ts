import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRequest, secondAdmin } from "#tests/support/admin";
import { grantCoins } from "#tests/support/coins";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { submitKycForm, uniqueDocumentId } from "#tests/support/kyc";
import { pngFile } from "#tests/support/kyc-files";
import { requested } from "#tests/support/redemptions";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { apiError } from "#tests/support/typed-client";

/**
 * No one cashes out alone (docs/product.md, "Dual control"): what one administrator moves alone across all
 * accounts in 24 hours has its own threshold (DUAL_CONTROL_DAILY_DOLLARS); the administrator who credited an
 * account, or approved its KYC, within DUAL_CONTROL_CREDIT_WINDOW_DAYS never approves its payout, and the one who
 * credited it never approves its KYC alone; a KYC approval of a document number another account had approved
 * needs a second administrator.
 */
let ctx: TestContext;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  const aEmail = uniqueEmail("admin-a");
  ctx = await createTestContext({
    ADMIN_EMAILS: aEmail,
    ADMIN_RATE_LIMIT: "1000",
    DUAL_CONTROL_COINS: "5000",
    DUAL_CONTROL_DOLLARS: "25",
    DUAL_CONTROL_DAILY_DOLLARS: "50",
    DUAL_CONTROL_CREDIT_WINDOW_DAYS: "30",
    REDEEM_REQUIRE_KYC: "false",
    REDEEM_MAX_PENDING: "1000",
    REDEEM_DAILY_CAP_DOLLARS: "100000",
  });
  a = await ctx.createVerifiedUser({ email: aEmail });
  b = await secondAdmin(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const credit = (admin: TestUser, userId: string, amount: number) =>
  adminRequest(ctx, admin, `/api/admin/users/${userId}/adjustments`, {
    adjustmentId: randomUUID(),
    amount,
    reason: "Tournament prize",
  });
const approveRedemption = (admin: TestUser, id: number) =>
  adminRequest(ctx, admin, `/api/admin/redemptions/${id}/approve`, {});
const approveProposal = (admin: TestUser, id: number) =>
  adminRequest(ctx, admin, `/api/admin/proposals/${id}/approve`, {});
const decideKyc = (admin: TestUser, id: string, reason?: string) =>
  adminRequest(ctx, admin, `/api/admin/kyc/${id}/decision`, {
    decision: "approve",
    ...(reason ? { reason } : {}),
  });

async function proposed(res: Response): Promise<{ id: number; kind: string }> {
  expect(res.status, await res.clone().text()).toBe(202);
  return (await res.json()).proposal;
}
async function done(res: Response) {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  expect(res.status).not.toBe(202);
}
const redemptionStatus = async (id: number) =>
  (await ctx.db.selectFrom("redemptions").select("status").where("id", "=", id).executeTakeFirstOrThrow())
    .status;
const kycStatus = async (id: string) =>
  (await ctx.db.selectFrom("kyc_submissions").select("status").where("id", "=", id).executeTakeFirstOrThrow())
    .status;

async function submitted(user: TestUser, documentId = uniqueDocumentId()) {
  const res = await submitKycForm(ctx, user, new Blob([pngFile()]), "id.png", {
    fullName: "Test Person",
    documentId,
  });
  expect(res.status).toBe(201);
  const row = await ctx.db
    .selectFrom("kyc_submissions")
    .select("id")
    .where("user_id", "=", user.id)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("totals per administrator, across all accounts", () => {
  it("three accounts credited by one administrator: the action past the daily total is a proposal", async () => {
    const [one, two, three] = [
      await ctx.createVerifiedUser(),
      await ctx.createVerifiedUser(),
      await ctx.createVerifiedUser(),
    ];
    await done(await credit(a, one.id, 5000)); // $25 of $50
    await done(await credit(a, two.id, 5000)); // $50 of $50
    const third = await proposed(await credit(a, three.id, 5000));
    expect(third.kind).toBe("coins.adjust");
    // Each account is within the per-account threshold; it is the administrator's total that stops it.
    const state = await (await adminRequest(ctx, a, `/api/admin/users/${three.id}/dual-control`)).json();
    expect(state).toMatchObject({ rule: { dailyDollars: 50 }, movedAloneTodayCents: 5000 });
    // Their redemptions: the hand that credited never approves the payout, whatever the amount.
    const payout = await requested(ctx, one, 1000); // $5
    const waiting = await proposed(await approveRedemption(a, payout.id));
    expect(waiting.kind).toBe("redemption.approve");
    expect(await redemptionStatus(payout.id)).toBe("pending");
    expect((await approveProposal(b, waiting.id)).status).toBe(200);
    expect(await redemptionStatus(payout.id)).toBe("approved");
  });

  it("approving redemptions alone counts too: past the daily total the next approval is a proposal", async () => {
    const users = [
      await ctx.createVerifiedUser(),
      await ctx.createVerifiedUser(),
      await ctx.createVerifiedUser(),
    ];
    for (const u of users) await grantCoins(ctx.db, u.id, 5000);
    const admin = await secondAdmin(ctx);
    const [r1, r2, r3] = [
      await requested(ctx, users[0] as TestUser, 5000),
      await requested(ctx, users[1] as TestUser, 5000),
      await requested(ctx, users[2] as TestUser, 1000),
    ];
    await done(await approveRedemption(admin, r1.id));
    await done(await approveRedemption(admin, r2.id));
    const third = await proposed(await approveRedemption(admin, r3.id));
    const queue = await (await adminRequest(ctx, admin, "/api/admin/redemptions?status=pending")).json();
    const item = queue.redemptions.find((r: { id: number }) => r.id === r3.id);
    expect(item.fourEyes.why.join(" ")).toMatch(/\$50/);
    expect((await approveProposal(b, third.id)).status).toBe(200);
    expect(await redemptionStatus(r3.id)).toBe("approved");
  });
});

describe("the hand that credits never approves the payout", () => {
  it("the crediting administrator can never approve the account's KYC or redemption alone; another can", async () => {
    const x = await secondAdmin(ctx); // an administrator who moved nothing else today
    const c = await secondAdmin(ctx);
    const user = await ctx.createVerifiedUser();
    await done(await credit(x, user.id, 1000));
    const kyc = await submitted(user);
    const detail = await (await adminRequest(ctx, x, `/api/admin/kyc/${kyc}`)).json();
    const today = new Date().toISOString().slice(0, 10);
    expect(detail.fourEyes).toMatchObject({ needsSecondAdmin: true });
    expect(detail.fourEyes.why.join(" ")).toContain(`You credited this account on ${today}`);
    const kycProposal = await proposed(await decideKyc(x, kyc));
    expect(kycProposal.kind).toBe("kyc.approve");
    expect(await kycStatus(kyc)).toBe("pending");
    expect((await approveProposal(x, kycProposal.id)).status).toBe(403);
    expect((await approveProposal(b, kycProposal.id)).status).toBe(200);
    expect(await kycStatus(kyc)).toBe("approved");

    const payout = await requested(ctx, user, 1000);
    const queue = await (await adminRequest(ctx, x, "/api/admin/redemptions?status=pending")).json();
    const item = queue.redemptions.find((r: { id: number }) => r.id === payout.id);
    expect(item.fourEyes.needsSecondAdmin).toBe(true);
    expect(item.fourEyes.why.join(" ")).toContain(`You credited this account on ${today}`);
    const p = await proposed(await approveRedemption(x, payout.id));
    expect((await approveProposal(x, p.id)).status).toBe(403);
    // B approved the account's KYC (as the second administrator): B is a hand on its payout too.
    const byKycApprover = await approveProposal(b, p.id);
    expect(byKycApprover.status).toBe(403);
    expect((await apiError(byKycApprover)).message).toContain(`You approved this account's KYC on ${today}`);
    expect((await approveProposal(c, p.id)).status).toBe(200);
    expect(await redemptionStatus(payout.id)).toBe("approved");
  });

  it("the administrator who approved the KYC, or who also credited, cannot approve the payout", async () => {
    const c = await secondAdmin(ctx); // an administrator since before the proposal, with no hand on the account
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 2000);
    const kyc = await submitted(user);
    await done(await decideKyc(a, kyc)); // A credited nothing: A approves the KYC alone.
    const payout = await requested(ctx, user, 1000);
    const p = await proposed(await approveRedemption(a, payout.id));
    // B credited this account too: B may not be the second administrator of its payout either.
    await done(await credit(b, user.id, 10));
    const refused = await approveProposal(b, p.id);
    expect(refused.status).toBe(403);
    expect((await apiError(refused)).code).toBe("CREDITING_HAND");
    expect(await redemptionStatus(payout.id)).toBe("pending");
    expect((await approveProposal(c, p.id)).status).toBe(200);
    expect(await redemptionStatus(payout.id)).toBe("approved");
  });
});

describe("a reused document is a stop, not a note", () => {
  it("approving a document number already approved on another account is a proposal, reason or not", async () => {
    const number = uniqueDocumentId("AB");
    const first = await ctx.createVerifiedUser();
    const second = await ctx.createVerifiedUser();
    await done(await decideKyc(a, await submitted(first, number)));
    const reused = await submitted(second, number.toLowerCase());
    const p = await proposed(await decideKyc(a, reused, "Twins: checked by video call."));
    expect(p.kind).toBe("kyc.approve");
    expect(await kycStatus(reused)).toBe("pending");
    expect((await approveProposal(a, p.id)).status).toBe(403);
    expect((await approveProposal(b, p.id)).status).toBe(200);
    expect(await kycStatus(reused)).toBe("approved");
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["actor_id", "reason", "after"])
      .where("action", "=", "kyc.approve")
      .where("target_id", "=", reused)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: b.id,
      reason: "Twins: checked by video call.",
      after: { proposalId: p.id, sameDocumentAs: [first.id] },
    });
  });
});
