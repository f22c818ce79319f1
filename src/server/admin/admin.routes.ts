import {
  adjustmentInput,
  auditQuery,
  banInput,
  ledgerPageQuery,
  reasonInput,
  roleInput,
  userIdParam,
  userSearchQuery,
} from "~/core/admin";
import type { AppDeps } from "../app-deps";
import { listAudit } from "../audit/audit.service";
import { requireAdmin, requireFreshSession } from "../auth/require-admin";
import { rateLimit } from "../http/rate-limit";
import { createRouter, type SessionUser } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { createKycAdminRoutes } from "../kyc/kyc-admin.routes";
import { listEntries } from "../ledger/ledger";
import { createRedemptionsAdminRoutes } from "../redemptions/redemptions.admin.routes";
import { getOverview } from "./overview.service";
import { createReferralReviewRoutes } from "./referral-reviews.routes";
import {
  type Acting,
  adjustCoins,
  banUser,
  changeRole,
  getUserDetail,
  revokeSessions,
  searchUsers,
  unbanUser,
} from "./users.service";

/** The administrator and request behind a change, from the context variables requireAdmin set. */
const acting = (v: { user?: SessionUser | undefined; requestId: string }): Acting => {
  if (!v.user) throw new Error("requireAdmin must run before an admin action");
  return { adminId: v.user.id, requestId: v.requestId };
};

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
    .get("/overview", async (c) => c.json(await getOverview(deps.db)))
    .get("/users", query(userSearchQuery), async (c) =>
      c.json(await searchUsers(deps.db, c.req.valid("query"))),
    )
    .get("/users/:userId", params(userIdParam), async (c) =>
      c.json(await getUserDetail(deps.db, c.req.valid("param").userId)),
    )
    .get("/users/:userId/ledger", params(userIdParam), query(ledgerPageQuery), async (c) => {
      const { userId } = c.req.valid("param");
      await getUserDetail(deps.db, userId);
      return c.json(await listEntries(deps.db, userId, c.req.valid("query")));
    })
    .post(
      "/users/:userId/adjustments",
      params(userIdParam),
      requireFreshSession(),
      limited,
      jsonBody(adjustmentInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        return c.json(await adjustCoins(deps.db, acting(c.var), { userId, ...c.req.valid("json") }), 201);
      },
    )
    .post("/users/:userId/ban", params(userIdParam), limited, jsonBody(banInput), async (c) => {
      const { userId } = c.req.valid("param");
      const { reason, expiresAt } = c.req.valid("json");
      return c.json(
        await banUser(deps, acting(c.var), {
          userId,
          reason,
          expiresAt: expiresAt ? new Date(expiresAt) : null,
        }),
      );
    })
    .post("/users/:userId/unban", params(userIdParam), limited, jsonBody(reasonInput), async (c) => {
      const { userId } = c.req.valid("param");
      return c.json(await unbanUser(deps.db, acting(c.var), { userId, ...c.req.valid("json") }));
    })
    .post(
      "/users/:userId/revoke-sessions",
      params(userIdParam),
      limited,
      jsonBody(reasonInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        return c.json(await revokeSessions(deps, acting(c.var), { userId, ...c.req.valid("json") }));
      },
    )
    .post(
      "/users/:userId/role",
      params(userIdParam),
      requireFreshSession(),
      limited,
      jsonBody(roleInput),
      async (c) => {
        const { userId } = c.req.valid("param");
        return c.json(await changeRole(deps.db, acting(c.var), { userId, ...c.req.valid("json") }));
      },
    )
    .get("/audit", query(auditQuery), async (c) => c.json(await listAudit(deps.db, c.req.valid("query"))))
    .route("/redemptions", createRedemptionsAdminRoutes(deps))
    .route("/kyc", createKycAdminRoutes(deps))
    .route("/referrals", createReferralReviewRoutes(deps, limited));
};
