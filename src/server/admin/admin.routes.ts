import { adminOverviewSchema, auditPageSchema, auditQuery } from "~/core/api/admin";
import { businessStatsSchema, statsRangeSchema } from "~/core/api/stats";
import type { AppDeps } from "../app-deps";
import { listAudit } from "../audit/audit.service";
import { requireAdmin } from "../auth/require-admin";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { query } from "../http/validate";
import { createKycAdminRoutes } from "../kyc/kyc.admin.routes";
import { createHeldCreditRoutes } from "../partners/held-credits.admin.routes";
import { createPartnerNumbersRoutes } from "../partners/partner-numbers.routes";
import { createPartnerAdminRoutes } from "../partners/partners.admin.routes";
import { createRedemptionsAdminRoutes } from "../redemptions/redemptions.admin.routes";
import { createReferralReviewRoutes } from "../referrals/referrals.admin.routes";
import { createAdminAdjustmentRoutes } from "./admin-adjustments.routes";
import { createAdminUserActionRoutes } from "./admin-user-actions.routes";
import { createAdminUserReadRoutes } from "./admin-user-reads.routes";
import { getOverview } from "./overview.service";
import { createProposalRoutes } from "./proposals.routes";
import { getBusinessStats } from "./stats.service";

/**
 * /api/admin: the operators' API. Every route here is behind requireAdmin (401 for guests, 403 for everyone
 * but administrators); every change is rate-limited per administrator and writes its audit row in the
 * transaction of the change. Coin adjustments and role changes also need a fresh session (signed in within
 * 15 minutes). The users' routes live in admin-user-reads.routes.ts, admin-adjustments.routes.ts and
 * admin-user-actions.routes.ts; areas with their own queue (KYC review, redemptions) mount a sub-router here
 * with `.route("/kyc", …)` and call recordAudit the same way.
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
      "/stats",
      responds(
        { 200: businessStatsSchema },
        {
          summary: "The business day by day",
          description:
            "The last 30 or 90 UTC days, oldest first: coins issued per channel, requested, approved, paid out, refunded and forfeited, what is owed at each day's end, sign-ups and active earners; and how long each queue's oldest item has waited (seconds).",
        },
      ),
      query(statsRangeSchema),
      async (c) => c.json(await getBusinessStats(deps.db, c.req.valid("query").days)),
    )
    .route("/", createAdminUserReadRoutes(deps))
    .route("/", createAdminAdjustmentRoutes(deps, limited))
    .route("/", createAdminUserActionRoutes(deps, limited))
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
    .route("/proposals", createProposalRoutes(deps, limited))
    .route("/partners/held", createHeldCreditRoutes(deps, limited))
    .route("/partners", createPartnerNumbersRoutes(deps))
    .route("/partners", createPartnerAdminRoutes(deps, limited));
};
