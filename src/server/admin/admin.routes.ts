import type { AppDeps } from "../app-deps";
import { requireAdmin } from "../auth/require-admin";
import { createRouter } from "../http/router";
import { createKycAdminRoutes } from "../kyc/kyc-admin.routes";
import { getOverview } from "./overview.service";

/**
 * /api/admin: the operators' API. Every route here is behind requireAdmin (401 for guests, 403 for everyone
 * but administrators). Areas with their own queue (KYC review, redemptions) mount a sub-router here with
 * `.route("/kyc", …)`; every change they make goes through recordAudit in the transaction of the change.
 */
export const createAdminRoutes = (deps: AppDeps) =>
  createRouter()
    .use(requireAdmin(deps))
    .get("/overview", async (c) => c.json(await getOverview(deps.db)))
    .route("/kyc", createKycAdminRoutes(deps));
