import { expect } from "vitest";
import type { Redemption, RedemptionRequest } from "~/core/api/redemptions";
import type { PayoutMethod } from "~/core/redemptions";
import { grantCoins } from "./coins";
import { type TestUser, uniqueEmail } from "./factories";
import { createTestContext, type TestContext, type TestEnvOverrides } from "./test-app";

/**
 * An app with an administrator where only the rule a test looks at refuses a redemption: no KYC needed, a
 * high pending limit and daily cap unless `overrides` say otherwise.
 */
export async function createRedemptionsContext(overrides: TestEnvOverrides = {}) {
  const adminEmail = uniqueEmail("admin");
  const ctx = await createTestContext({
    ADMIN_EMAILS: adminEmail,
    REDEEM_REQUIRE_KYC: "false",
    REDEEM_MAX_PENDING: "1000",
    REDEEM_DAILY_CAP_DOLLARS: "100000",
    ...overrides,
  });
  const admin = await ctx.createVerifiedUser({ email: adminEmail });
  return { ctx, admin };
}

/** A verified user holding `coins` (an adjustment, so balance and ledger agree). */
export async function userWith(ctx: TestContext, coins: number): Promise<TestUser> {
  const user = await ctx.createVerifiedUser();
  if (coins > 0) await grantCoins(ctx.db, user.id, coins);
  return user;
}

/** POST /api/redemptions through the typed client. */
export const redeem = (ctx: TestContext, user: TestUser, json: RedemptionRequest) =>
  ctx.api(user).redemptions.$post({ json });

/** A redemption request that must succeed (201); answers the new redemption. */
export async function requested(
  ctx: TestContext,
  user: TestUser,
  coins: number,
  method: PayoutMethod = "paypal",
): Promise<Redemption> {
  const res = await redeem(ctx, user, { coins, method });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).redemption;
}

/** The user cancels redemption `id`. */
export const cancelRedemption = (ctx: TestContext, user: TestUser, id: number) =>
  ctx.api(user).redemptions[":id"].cancel.$post({ param: { id: String(id) } });

/** The user's redemption checklist and limits (GET /api/redemptions/eligibility). */
export async function eligibilityOf(ctx: TestContext, user: TestUser) {
  return (await ctx.api(user).redemptions.eligibility.$get()).json();
}

/** An administrator's action on the redemption queue: POST /api/admin/redemptions<path> (e.g. `/7/approve`). */
export const adminAction = (ctx: TestContext, admin: TestUser, path: string, json?: unknown) =>
  ctx.request(`/api/admin/redemptions${path}`, { method: "POST", cookie: admin.cookie, json: json ?? {} });

/** The refund rows of redemption `redemptionId` (there must never be more than one). */
export function refundsOf(ctx: TestContext, redemptionId: number) {
  return ctx.db
    .selectFrom("coin_ledger")
    .selectAll()
    .where("kind", "=", "redemption_refund")
    .where("reason", "=", `Refund of redemption request #${redemptionId}`)
    .execute();
}
