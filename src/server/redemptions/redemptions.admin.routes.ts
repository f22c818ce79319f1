import { z } from "zod";
import { formatDollars } from "~/core/coins";
import {
  markPaidSchema,
  redemptionIdParams,
  redemptionStatuses,
  rejectRedemptionSchema,
} from "~/core/redemptions";
import { pendingCounts } from "../admin/overview.service";
import type { AppDeps } from "../app-deps";
import { createRouter } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { listRedemptionQueue, pendingRedemptions } from "./admin-queue.service";
import {
  type Actor,
  approveRedemption,
  markRedemptionPaid,
  rejectRedemption,
  retryRedemption,
} from "./redemption-transitions";

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
    .get("/", query(queueQuery), async (c) => {
      const { status, limit } = c.req.valid("query");
      return c.json({ redemptions: await listRedemptionQueue(deps.db, { status, limit }) });
    })
    .post("/:id/approve", params(redemptionIdParams), async (c) =>
      c.json({ redemption: await approveRedemption(deps, actorOf(c), c.req.valid("param").id) }),
    )
    .post("/:id/reject", params(redemptionIdParams), jsonBody(rejectRedemptionSchema), async (c) =>
      c.json({
        redemption: await rejectRedemption(
          deps,
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json").reason,
        ),
      }),
    )
    .post("/:id/mark-paid", params(redemptionIdParams), jsonBody(markPaidSchema), async (c) =>
      c.json({
        redemption: await markRedemptionPaid(
          deps,
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json").reference,
        ),
      }),
    )
    .post("/:id/retry", params(redemptionIdParams), async (c) =>
      c.json({ redemption: await retryRedemption(deps, actorOf(c), c.req.valid("param").id) }),
    );
};
