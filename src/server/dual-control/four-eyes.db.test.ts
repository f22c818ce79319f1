import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRequest, ledgerAuditCounts, secondAdmin } from "#tests/support/admin";
import { grantCoins } from "#tests/support/coins";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { requested } from "#tests/support/redemptions";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { apiError } from "#tests/support/typed-client";
import { DELETE_CONFIRMATION } from "~/core/account";
import { runAdminCommand } from "../admin/admin-commands";

/**
 * Four eyes on everything that moves money or power (docs/product.md, "Dual control"): a role change is a
 * proposal; an administrator approves only proposals made after they became one; a proposal goes with its
 * proposer (deleted, banned or demoted); the thresholds count what one administrator moved alone for one account
 * in 24 hours, and a user's redemptions approved alone in 24 hours.
 */
let ctx: TestContext;
let a: TestUser;
let b: TestUser;
let listedEmail: string;
beforeAll(async () => {
  const aEmail = uniqueEmail("admin-a");
  listedEmail = uniqueEmail("admin-d");
  ctx = await createTestContext({
    ADMIN_EMAILS: `${aEmail},${listedEmail}`,
    ADMIN_RATE_LIMIT: "1000",
    DUAL_CONTROL_COINS: "5000",
    DUAL_CONTROL_DOLLARS: "25",
    REDEEM_REQUIRE_KYC: "false",
    REDEEM_MAX_PENDING: "1000",
    REDEEM_DAILY_CAP_DOLLARS: "100000",
  });
  a = await ctx.createVerifiedUser({ email: aEmail });
  b = await secondAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const adjust = (admin: TestUser, userId: string, amount: number) =>
  adminRequest(ctx, admin, `/api/admin/users/${userId}/adjustments`, {
    adjustmentId: randomUUID(),
    amount,
    reason: "Tournament prize",
  });
const approve = (admin: TestUser, id: number) =>
  adminRequest(ctx, admin, `/api/admin/proposals/${id}/approve`, {});
const roleChange = (admin: TestUser, userId: string, role: "admin" | "user") =>
  adminRequest(ctx, admin, `/api/admin/users/${userId}/role`, { role, reason: "Team change" });

async function proposed(res: Response): Promise<{ id: number }> {
  expect(res.status, await res.clone().text()).toBe(202);
  return (await res.json()).proposal;
}
async function refused(res: Response, code: string) {
  expect(res.status, await res.clone().text()).toBe(code === "PROPOSAL_STATE" ? 409 : 403);
  expect((await apiError(res)).code).toBe(code);
}
const statusOf = async (id: number) =>
  (await ctx.db.selectFrom("admin_proposals").select("status").where("id", "=", id).executeTakeFirstOrThrow())
    .status;
const roleOf = async (userId: string) =>
  (await ctx.db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirstOrThrow()).role;

/** An administrator made through the console: A proposes, B approves. */
async function grantedByTwo(user: TestUser) {
  const grant = await proposed(await roleChange(a, user.id, "admin"));
  expect((await approve(b, grant.id)).status).toBe(200);
  expect(await roleOf(user.id)).toBe("admin");
}

describe("power is money: the administrator role is a proposal", () => {
  it("the sock-administrator path (propose, grant, approve) cannot move coins", async () => {
    const user = await ctx.createVerifiedUser();
    const sock = await ctx.createVerifiedUser();
    const big = await proposed(await adjust(a, user.id, 100_000));
    // The grant does not take effect on A's word: the sock is not an administrator.
    const grant = await proposed(await roleChange(a, sock.id, "admin"));
    expect(await roleOf(sock.id)).toBe("user");
    expect((await approve(sock, big.id)).status).toBe(403);
    // Even once a second administrator approves the grant, the sock became one after the proposal was made.
    expect((await approve(b, grant.id)).status).toBe(200);
    await refused(await approve(sock, big.id), "APPROVER_TOO_NEW");
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ ledger: 0, balance: 0 });
    expect(await statusOf(big.id)).toBe("proposed");
    // What is proposed after the grant, the new administrator may approve.
    const later = await proposed(await adjust(a, user.id, 6000));
    expect((await approve(sock, later.id)).status).toBe(200);
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ balance: 6000 });
  });

  it("the grant's proposer cannot approve it, nor can the account it promotes", async () => {
    const user = await ctx.createVerifiedUser();
    const grant = await proposed(await roleChange(a, user.id, "admin"));
    await refused(await approve(a, grant.id), "SECOND_ADMIN_REQUIRED");
    // A second request of the same change by another administrator is its approval.
    const second = await roleChange(b, user.id, "admin");
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ role: "admin", changed: true });
    expect(await statusOf(grant.id)).toBe("approved");
  });

  it("a newly granted administrator is refused for every older proposal", async () => {
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 10_000);
    const older = await proposed(await adjust(a, user.id, -8000));
    const newcomer = await ctx.createVerifiedUser();
    await grantedByTwo(newcomer);
    await refused(await approve(newcomer, older.id), "APPROVER_TOO_NEW");
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ balance: 10_000 });
    expect((await approve(b, older.id)).status).toBe(200);
  });
});

describe("every path that makes an administrator records when (admin_since)", () => {
  const since = async (userId: string) =>
    (
      await ctx.db
        .selectFrom("user_profiles")
        .select("admin_since")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow()
    ).admin_since;

  it("ADMIN_EMAILS at sign-up and `npm run admin`: the newcomer approves what comes after; a CLI revocation withdraws", async () => {
    expect(await since(a.id)).not.toBeNull();
    const user = await ctx.createVerifiedUser();
    const byB = await proposed(await adjust(b, user.id, 7000));
    expect((await approve(a, byB.id)).status).toBe(200);

    const operator = await ctx.createVerifiedUser();
    const older = await proposed(await adjust(b, user.id, 7000));
    expect(await runAdminCommand(ctx.db, ["grant", operator.email])).toEqual([
      `${operator.email} is now an administrator (takes effect on their next request).`,
    ]);
    expect(await since(operator.id)).not.toBeNull();
    await refused(await approve(operator, older.id), "APPROVER_TOO_NEW");
    const mine = await proposed(await adjust(operator, user.id, 7000));
    await runAdminCommand(ctx.db, ["revoke", operator.email]);
    expect(await since(operator.id)).toBeNull();
    expect(await statusOf(mine.id)).toBe("withdrawn");
    expect((await approve(b, older.id)).status).toBe(403); // b proposed it
    expect((await approve(a, older.id)).status).toBe(200);
  });
});

describe("a proposal belongs to a person", () => {
  it("the delete-and-return path cannot approve: the deletion withdraws the proposals, the new account is new", async () => {
    const user = await ctx.createVerifiedUser();
    const d = await ctx.createVerifiedUser({ email: listedEmail });
    expect(await roleOf(d.id)).toBe("admin");
    const own = await proposed(await adjust(d, user.id, 200_000));
    const byA = await proposed(await adjust(a, user.id, 150_000));
    const gone = await ctx.request("/api/account/delete", {
      method: "POST",
      cookie: d.cookie,
      json: { password: d.password, confirmation: DELETE_CONFIRMATION },
    });
    expect(gone.status, await gone.clone().text()).toBe(200);
    expect(await statusOf(own.id)).toBe("withdrawn");
    expect(await statusOf(byA.id)).toBe("proposed");
    const again = await ctx.createVerifiedUser({ email: listedEmail, password: d.password });
    expect(again.id).not.toBe(d.id);
    expect(await roleOf(again.id)).toBe("admin");
    await refused(await approve(again, own.id), "PROPOSAL_STATE");
    await refused(await approve(again, byA.id), "APPROVER_TOO_NEW");
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ ledger: 0, balance: 0 });
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "actor_id", "reason"])
      .where("action", "=", "proposal.withdraw")
      .where("target_id", "=", user.id)
      .execute();
    expect(audit).toEqual([
      { action: "proposal.withdraw", actor_id: d.id, reason: "Its proposer deleted their account." },
    ]);
  });

  it("banning or demoting an administrator withdraws their waiting proposals in the same change", async () => {
    const user = await ctx.createVerifiedUser();
    const banned = await secondAdmin(ctx);
    const demoted = await secondAdmin(ctx);
    const p1 = await proposed(await adjust(banned, user.id, 9000));
    const p2 = await proposed(await adjust(demoted, user.id, 9000));
    const p3 = await proposed(await roleChange(demoted, (await ctx.createVerifiedUser()).id, "admin"));
    expect((await adminRequest(ctx, a, `/api/admin/users/${banned.id}/ban`, { reason: "Sock" })).status).toBe(
      200,
    );
    expect(await statusOf(p1.id)).toBe("withdrawn");
    expect(await statusOf(p2.id)).toBe("proposed");
    const demotion = await proposed(await roleChange(a, demoted.id, "user"));
    expect((await approve(b, demotion.id)).status).toBe(200);
    expect([await statusOf(p2.id), await statusOf(p3.id)]).toEqual(["withdrawn", "withdrawn"]);
    await refused(await approve(b, p1.id), "PROPOSAL_STATE");
    await refused(await approve(b, p2.id), "PROPOSAL_STATE");
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ ledger: 0, balance: 0 });
  });
});

describe("cumulative four eyes over 24 hours", () => {
  it("3 × 5 000 coins to one account by one administrator: past the threshold the next ones are proposals", async () => {
    const user = await ctx.createVerifiedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await adjust(a, user.id, 5000)).status);
    // 5 000 alone reaches the threshold: the second and third would pass it.
    expect(statuses).toEqual([201, 202, 202]);
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ balance: 5000 });
    // Sizes add up either way: taking coins back counts too.
    expect((await adjust(a, user.id, -1)).status).toBe(202);
    // Per administrator and account: B alone, or A for another account, still may.
    expect((await adjust(b, user.id, 3000)).status).toBe(201);
    expect((await adjust(a, (await ctx.createVerifiedUser()).id, 5000)).status).toBe(201);
  });

  it("concurrent small adjustments cannot slip under the threshold together", async () => {
    const user = await ctx.createVerifiedUser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(a, user.id, 2000)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 202, 202, 202, 202]);
    expect(await ledgerAuditCounts(ctx.db, user.id)).toMatchObject({ balance: 4000 });
  });

  it("a user's redemptions approved alone within 24 hours add up: the one past DUAL_CONTROL_DOLLARS is a proposal", async () => {
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 20_000);
    const first = await requested(ctx, user, 4000); // $20
    const second = await requested(ctx, user, 2000); // $10
    const queue = await (
      await ctx.request("/api/admin/redemptions?status=pending", { cookie: b.cookie })
    ).json();
    const item = (id: number) => queue.redemptions.find((r: { id: number }) => r.id === id);
    expect(item(first.id).fourEyes).toEqual({ needsSecondAdmin: false, why: [], proposal: null });
    expect((await adminRequest(ctx, a, `/api/admin/redemptions/${first.id}/approve`, {})).status).toBe(200);
    // Another administrator does not reset the count: it is the user's.
    const p = await proposed(await adminRequest(ctx, b, `/api/admin/redemptions/${second.id}/approve`, {}));
    const after = await (
      await ctx.request("/api/admin/redemptions?status=pending", { cookie: a.cookie })
    ).json();
    expect(after.redemptions.find((r: { id: number }) => r.id === second.id).fourEyes).toMatchObject({
      needsSecondAdmin: true,
      proposal: { id: p.id, proposedBy: { id: b.id } },
    });
    const list = await (await ctx.request("/api/admin/proposals", { cookie: a.cookie })).json();
    const shown = list.proposals.find((x: { id: number }) => x.id === p.id);
    expect(shown.case.redemption).toMatchObject({ method: "paypal", recipient: user.email });
    expect(shown.case.account).toMatchObject({ email: user.email, kycStatus: "none" });
    expect((await approve(a, p.id)).status).toBe(200);
  });
});
