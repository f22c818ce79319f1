import {
  adjustmentInput,
  adjustmentResultSchema,
  adminLedgerPageSchema,
  adminOverviewSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  auditPageSchema,
  auditQuery,
  banInput,
  banResultSchema,
  ledgerPageQuery,
  reasonInput,
  revokeSessionsResultSchema,
  roleInput,
  roleResultSchema,
  unbanResultSchema,
  userIdParam,
  userSearchQuery,
} from "~/core/api/admin";
import { dualControlStateSchema, proposedSchema } from "~/core/api/dual-control";
import type { AppDeps } from "../app-deps";
import { listAudit } from "../audit/audit.service";
import { actingAdmin, requireAdmin, requireFreshSession } from "../auth/require-admin";
import { createProposalRoutes } from "../dual-control/proposals.routes";
import { dualControlState } from "../dual-control/proposals.service";
import { requestRoleChange } from "../dual-control/requests";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { createKycAdminRoutes } from "../kyc/kyc.admin.routes";
import { listEntries } from "../ledger/ledger-history";
import { createRedemptionsAdminRoutes } from "../redemptions/redemptions.admin.routes";
import { createReferralReviewRoutes } from "../referrals/referrals.admin.routes";
import { adjustCoins } from "./adjustments.service";
import { getOverview } from "./overview.service";
import { banUser, getUserDetail, revokeSessions, searchUsers, unbanUser } from "./users.service";

/**
 * /api/admin: the operators' API. Every route here is behind requireAdmin (401 for guests, 403 for everyone
 * but administrators); every change is rate-limited per administrator and writes its audit row in the
 * transaction of the change. Coin adjustments and role changes also need a fresh session (signed in within
 * 15 minutes). Areas with their own queue (KYC review, redemptions) mount a sub-router here with
 * `.route("/kyc", …)` and call recordAudit the same way.
 */
export const createAdminRoutes = (deps: AppDeps) => {
  const limited = rateLimit(deps.rateLimitStore, (c) => [
    { key: `admin:${c.var.user?.id}`, limit: deps.env.adminRateLimit },
  ]);
  return createRouter()
    .use(requireAdmin(deps))
    .get(
      "/overview",
      responds(
        { 200: adminOverviewSchema },
        {
          summary: "Console overview",
          description:
            "Users, coins issued today and in 7 days per kind, the outstanding liability, and queue counts.",
        },
      ),
      async (c) => c.json(await getOverview(deps.db, deps.env.dualControl)),
    )
    .get(
      "/users",
      responds(
        { 200: adminUserListSchema },
        {
          summary: "Find users",
          description: "By part of the e-mail address (any case) or by exact id; newest first, 20 a page.",
        },
      ),
      query(userSearchQuery),
      async (c) => c.json(await searchUsers(deps.db, c.req.valid("query"))),
    )
    .get(
      "/users/:userId",
      responds(
        { 200: adminUserDetailSchema },
        {
          summary: "A user's profile",
          description:
            "Balance, ban state, referral code, referrer and referrals, sign-up address and live sessions.",
        },
      ),
      params(userIdParam),
      async (c) => c.json(await getUserDetail(deps.db, c.req.valid("param").userId, deps.env.adminEmails)),
    )
    .get(
      "/users/:userId/ledger",
      responds({ 200: adminLedgerPageSchema }, { summary: "A user's coin history, newest first" }),
      params(userIdParam),
      query(ledgerPageQuery),
      async (c) => {
        const { userId } = c.req.valid("param");
        await getUserDetail(deps.db, userId);
        return c.json(await listEntries(deps.db, userId, c.req.valid("query")));
      },
    )
    .get(
      "/users/:userId/dual-control",
      responds(
        { 200: dualControlStateSchema },
        {
          summary: "Dual control for this user, as the asking administrator stands",
          description:
            "The thresholds, the coins the asking administrator adjusted alone for this user in the last 24 hours (with the rule of src/core/dual-control.ts the console says before a confirmation whether an adjustment becomes a proposal), when the asking administrator became one, and the user's proposals waiting for a second administrator.",
        },
      ),
      params(userIdParam),
      async (c) => c.json(await dualControlState(deps, actingAdmin(c.var), c.req.valid("param").userId)),
    )
    .post(
      "/users/:userId/adjustments",
      responds(
        { 200: adjustmentResultSchema, 201: adjustmentResultSchema, 202: proposedSchema },
        {
          summary: "Add or take coins",
          description:
            "A ledger row of kind `adjustment` with the reason (shown to the user) and an audit row, in one transaction (201). `adjustmentId` is the console's id for this one adjustment: a resend with the same id, user, amount and reason changes nothing and answers the first result with `replayed: true` (200); the id with a different user, amount or reason is a 409 CONFLICT. When what this administrator adjusted alone for this user in the last 24 hours (sizes added, either way), this adjustment included, would pass DUAL_CONTROL_COINS (when above 0), it is not applied but proposed (202 with the proposal, mailed to the other administrators): it takes effect when a different administrator approves it at /api/admin/proposals/{id}/approve. An administrator cannot adjust their own coins (403 SELF_ACTION). Needs a session signed in within 15 minutes.",
          errors: ["ADJUSTMENT_BELOW_ZERO", "CONFLICT", "SELF_ACTION", "INVISIBLE_TEXT"],
        },
      ),
      params(userIdParam),
      requireFreshSession(),
      limited,
      jsonBody(adjustmentInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        const outcome = await adjustCoins(deps, actingAdmin(c.var), { userId, ...c.req.valid("json") });
        if ("proposed" in outcome) return c.json({ proposal: outcome.proposed }, 202);
        const result = outcome.applied;
        return result.replayed ? c.json(result, 200) : c.json(result, 201);
      },
    )
    .post(
      "/users/:userId/ban",
      responds(
        { 200: banResultSchema },
        {
          summary: "Ban a user",
          description:
            "Ends all of the user's sessions; sign-in and earning are refused until the ban ends. Never oneself (403 SELF_ACTION), never an ADMIN_EMAILS account (403 LISTED_ADMIN: the operator's configuration).",
          errors: ["SELF_ACTION", "LISTED_ADMIN", "INVISIBLE_TEXT"],
        },
      ),
      params(userIdParam),
      limited,
      jsonBody(banInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        const { reason, expiresAt } = c.req.valid("json");
        return c.json(
          await banUser(deps, actingAdmin(c.var), {
            userId,
            reason,
            expiresAt: expiresAt ? new Date(expiresAt) : null,
          }),
        );
      },
    )
    .post(
      "/users/:userId/unban",
      responds(
        { 200: unbanResultSchema },
        {
          summary: "Lift a ban",
          description: "Never one's own (403 SELF_ACTION).",
          errors: ["CONFLICT", "SELF_ACTION"],
        },
      ),
      params(userIdParam),
      limited,
      jsonBody(reasonInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        return c.json(await unbanUser(deps.db, actingAdmin(c.var), { userId, ...c.req.valid("json") }));
      },
    )
    .post(
      "/users/:userId/revoke-sessions",
      responds({ 200: revokeSessionsResultSchema }, { summary: "Sign a user out everywhere" }),
      params(userIdParam),
      limited,
      jsonBody(reasonInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        return c.json(await revokeSessions(deps, actingAdmin(c.var), { userId, ...c.req.valid("json") }));
      },
    )
    .post(
      "/users/:userId/role",
      responds(
        { 200: roleResultSchema, 202: proposedSchema },
        {
          summary: "Propose granting or revoking the administrator role",
          description:
            "Power is money: the change is a proposal (202, mailed to the other administrators) that takes effect when a different administrator approves it at /api/admin/proposals/{id}/approve; when a different administrator already proposed this very change, this request is that approval (200, `changed: true`). A user who already has the role answers 200 with `changed: false`; another role change of the user waiting is a 409 CONFLICT. Needs a session signed in within 15 minutes; an administrator cannot change their own role (403 SELF_ACTION), and an ADMIN_EMAILS account cannot be demoted through the API (403 LISTED_ADMIN: the operator's configuration). The operator's own bootstrap stays ADMIN_EMAILS and `npm run admin` (audited).",
          errors: ["SELF_ACTION", "LISTED_ADMIN", "CONFLICT", "APPROVER_TOO_NEW"],
        },
      ),
      params(userIdParam),
      requireFreshSession(),
      limited,
      jsonBody(roleInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        const outcome = await requestRoleChange(deps, actingAdmin(c.var), { userId, ...c.req.valid("json") });
        return "proposal" in outcome ? c.json(outcome, 202) : c.json(outcome, 200);
      },
    )
    .get(
      "/audit",
      responds(
        { 200: auditPageSchema },
        {
          summary: "The audit log",
          description:
            "Every administrative action, newest first; filter by administrator, target (id or address) and action.",
        },
      ),
      query(auditQuery),
      async (c) => c.json(await listAudit(deps.db, c.req.valid("query"))),
    )
    .route("/redemptions", createRedemptionsAdminRoutes(deps, limited))
    .route("/kyc", createKycAdminRoutes(deps, limited))
    .route("/referrals", createReferralReviewRoutes(deps, limited))
    .route("/proposals", createProposalRoutes(deps, limited));
};
