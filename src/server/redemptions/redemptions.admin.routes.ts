import { z } from "zod";
import { proposedSchema } from "~/core/api/dual-control";
import {
  type AdminRedemptionList,
  adminRedemptionListSchema,
  markPaidSchema,
  redemptionDecisionSchema,
  redemptionIdParams,
  redemptionQueueCursor,
  rejectRedemptionSchema,
} from "~/core/api/redemptions";
import { redemptionStatuses } from "~/core/redemptions";
import type { AppDeps } from "../app-deps";
import { actingAdmin } from "../auth/require-admin";
import type { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { requestRedemptionApproval } from "./redemption-approval.service";
import {
  markRedemptionPaid,
  recheckRedemption,
  rejectRedemption,
  retryRedemption,
} from "./redemption-transitions";
import { redemptionQueuePage } from "./redemptions.admin.service";

const queueQuery = z.object({
  /** One status, or `open`: what still needs an administrator (pending, payout failed, approved not yet paid). */
  status: z.enum([...redemptionStatuses, "open"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  /** The page after this place of the queue (the previous page's `nextCursor`). */
  after: redemptionQueueCursor.optional(),
});

/** The documentation of a decision: its answer, and 409 REDEMPTION_STATE from a state it cannot leave. */
const decision = (summary: string, description?: string) =>
  responds(
    { 200: redemptionDecisionSchema },
    {
      summary,
      description: `${description ? `${description} ` : ""}Never on one's own redemption (403 SELF_ACTION).`,
      errors: ["REDEMPTION_STATE", "SELF_ACTION"],
    },
  );

/** The documentation of the queue. */
const queueDocs = () =>
  responds(
    { 200: adminRedemptionListSchema },
    {
      summary: "The redemption queue, with each user's history and signals to look twice",
      description:
        "Pending first (oldest first), then payout failed, approved and the rest (newest first), a page at a time by key: `after` the previous page's `nextCursor` (null on the last page). `payoutMode` is how this installation pays (Tremendous at once, or by hand and 'Mark paid'). `fourEyes` says whether the asking administrator's approval of a pending redemption now becomes a proposal, and why (`why`: the user's redemptions approved by one administrator alone in 24 hours would pass DUAL_CONTROL_DOLLARS, what this administrator moved alone across all accounts would pass DUAL_CONTROL_DAILY_DOLLARS, or this administrator credited the account or approved its KYC within DUAL_CONTROL_CREDIT_WINDOW_DAYS), and which proposal already waits for a second administrator.",
    },
  );

/** The documentation of an approval: applied (200) or proposed to a second administrator (202). */
const approveDocs = () =>
  responds(
    { 200: redemptionDecisionSchema, 202: proposedSchema },
    {
      summary: "Approve a pending redemption",
      description:
        "Pays it through the configured payout provider, or leaves it to be paid by hand. When the user's redemptions approved by one administrator alone in the last 24 hours, this one included, would pass DUAL_CONTROL_DOLLARS (when above 0), when what this administrator moved alone across all accounts in 24 hours would pass DUAL_CONTROL_DAILY_DOLLARS, or when this administrator credited the account or approved its KYC within DUAL_CONTROL_CREDIT_WINDOW_DAYS, the first approval is a proposal (202, mailed to the other administrators) and a different administrator's approval applies it (200; 403 CREDITING_HAND for one who credited the account or approved its KYC too). Never one's own redemption (403 SELF_ACTION).",
      errors: ["REDEMPTION_STATE", "SELF_ACTION", "APPROVER_TOO_NEW", "CREDITING_HAND"],
    },
  );

/**
 * /api/admin/redemptions, mounted inside the admin router (requireAdmin): the queue and its decisions. Each
 * decision is audited in the transaction of the change (redemption-transitions.ts).
 */
export const createRedemptionsAdminRoutes = (deps: AppDeps, limited: ReturnType<typeof rateLimit>) => {
  return createRouter()
    .get("/", queueDocs(), query(queueQuery), async (c) => {
      const { status, limit, after } = c.req.valid("query");
      const { adminId } = actingAdmin(c.var);
      const rule = deps.env.dualControl;
      const page = await redemptionQueuePage(deps.db, { status, limit, after, rule, adminId });
      return c.json({ ...page, payoutMode: deps.payoutProvider.name } satisfies AdminRedemptionList);
    })
    .post("/:id/approve", approveDocs(), params(redemptionIdParams), limited, async (c) => {
      const outcome = await requestRedemptionApproval(deps, actingAdmin(c.var), c.req.valid("param").id);
      return "proposal" in outcome ? c.json(outcome, 202) : c.json(outcome, 200);
    })
    .post(
      "/:id/reject",
      decision(
        "Reject a redemption",
        "Returns the held coins; the user reads the reason. An approved manual payout is rejected only with `notPaid: true` (the administrator confirms it was not paid by hand), else 409 REDEMPTION_STATE.",
      ),
      params(redemptionIdParams),
      limited,
      jsonBody(rejectRedemptionSchema),
      async (c) =>
        c.json({
          redemption: await rejectRedemption(
            deps,
            actingAdmin(c.var),
            c.req.valid("param").id,
            c.req.valid("json").reason,
            { notPaid: c.req.valid("json").notPaid },
          ),
        }),
    )
    .post(
      "/:id/mark-paid",
      decision(
        "Record a manual payout as paid",
        "With the payout's reference (e.g. the PayPal transaction id).",
      ),
      params(redemptionIdParams),
      limited,
      jsonBody(markPaidSchema),
      async (c) =>
        c.json({
          redemption: await markRedemptionPaid(
            deps,
            actingAdmin(c.var),
            c.req.valid("param").id,
            c.req.valid("json").reference,
          ),
        }),
    )
    .post("/:id/retry", decision("Retry a failed payout"), params(redemptionIdParams), limited, async (c) =>
      c.json({ redemption: await retryRedemption(deps, actingAdmin(c.var), c.req.valid("param").id) }),
    )
    .post(
      "/:id/recheck",
      decision(
        "Check an automatic payout again",
        "For an approved redemption paid by the payout provider: asks the provider again about the same order (same external id), so it never pays twice; the redemption turns paid or failed when the provider says so.",
      ),
      params(redemptionIdParams),
      limited,
      async (c) =>
        c.json({ redemption: await recheckRedemption(deps, actingAdmin(c.var), c.req.valid("param").id) }),
    );
};
