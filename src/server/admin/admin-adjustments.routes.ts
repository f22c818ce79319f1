import { adjustmentInput, adjustmentResultSchema, userIdParam } from "~/core/api/admin";
import { proposedSchema } from "~/core/api/dual-control";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireFreshSession } from "../auth/require-admin";
import type { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import { adjustCoins } from "./adjustments.service";

/**
 * /api/admin/users/:userId/adjustments: adding or taking a user's coins. Mounted by createAdminRoutes behind
 * requireAdmin; rate-limited per administrator (`limited`), needs a session signed in within 15 minutes.
 */
export const createAdminAdjustmentRoutes = (deps: AppDeps, limited: ReturnType<typeof rateLimit>) =>
  createRouter().post(
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
  );
