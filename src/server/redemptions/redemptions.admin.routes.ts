import { z } from "zod";
import { formatDollars } from "~/core/coins";
import {
  type AdminRedemptionList,
  adminRedemptionListSchema,
  markPaidSchema,
  redemptionDecisionSchema,
  redemptionIdParams,
  redemptionStatuses,
  rejectRedemptionSchema,
} from "~/core/redemptions";
import { pendingCounts } from "../admin/overview.service";
import type { AppDeps } from "../app-deps";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import {
  type Actor,
  approveRedemption,
  markRedemptionPaid,
  rejectRedemption,
  retryRedemption,
} from "./redemption-transitions";
import { listRedemptionQueue, pendingRedemptions } from "./redemptions.admin.service";

const queueQuery = z.object({
  status: z.enum(redemptionStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

// The overview's entry for this queue: how many redemptions wait, and their dollars.
pendingCounts.push({
  key: "redemptions",
  label: "Pending redemptions",
  href: "/admin/redemptions",
  count: async (db) => (await pendingRedemptions(db)).count,
  dollars: async (db) => formatDollars((await pendingRedemptions(db)).coins),
});

/**
 * /api/admin/redemptions, mounted inside the admin router (requireAdmin): the queue and its decisions. Each
 * decision is audited in the transaction of the change (redemption-transitions.ts).
 */
export const createRedemptionsAdminRoutes = (deps: AppDeps) => {
  const actorOf = (c: { var: { user?: { id: string }; requestId: string } }): Actor => ({
    adminId: c.var.user!.id,
    requestId: c.var.requestId ?? null,
  });
  return createRouter()
    .get(
      "/",
      responds(
        { 200: adminRedemptionListSchema },
        { summary: "The redemption queue, with each user's history and signals to look twice" },
      ),
      query(queueQuery),
      async (c) => {
        const { status, limit } = c.req.valid("query");
        const redemptions = await listRedemptionQueue(deps.db, { status, limit });
        return c.json({ redemptions } satisfies AdminRedemptionList);
      },
    )
    .post(
      "/:id/approve",
      responds(
        { 200: redemptionDecisionSchema },
        {
          summary: "Approve a pending redemption",
          description: "Pays it through the configured payout provider, or leaves it to be paid by hand.",
          errors: ["REDEMPTION_STATE"],
        },
      ),
      params(redemptionIdParams),
      async (c) => c.json({ redemption: await approveRedemption(deps, actorOf(c), c.req.valid("param").id) }),
    )
    .post(
      "/:id/reject",
      responds(
        { 200: redemptionDecisionSchema },
        {
          summary: "Reject a redemption",
          description: "Returns the held coins; the user reads the reason.",
          errors: ["REDEMPTION_STATE"],
        },
      ),
      params(redemptionIdParams),
      jsonBody(rejectRedemptionSchema),
      async (c) =>
        c.json({
          redemption: await rejectRedemption(
            deps,
            actorOf(c),
            c.req.valid("param").id,
            c.req.valid("json").reason,
          ),
        }),
    )
    .post(
      "/:id/mark-paid",
      responds(
        { 200: redemptionDecisionSchema },
        {
          summary: "Record a manual payout as paid",
          description: "With the payout's reference (e.g. the PayPal transaction id).",
          errors: ["REDEMPTION_STATE"],
        },
      ),
      params(redemptionIdParams),
      jsonBody(markPaidSchema),
      async (c) =>
        c.json({
          redemption: await markRedemptionPaid(
            deps,
            actorOf(c),
            c.req.valid("param").id,
            c.req.valid("json").reference,
          ),
        }),
    )
    .post(
      "/:id/retry",
      responds(
        { 200: redemptionDecisionSchema },
        { summary: "Retry a failed payout", errors: ["REDEMPTION_STATE"] },
      ),
      params(redemptionIdParams),
      async (c) => c.json({ redemption: await retryRedemption(deps, actorOf(c), c.req.valid("param").id) }),
    );
};
