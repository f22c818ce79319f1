import { reasonInput } from "~/core/api/admin";
import {
  heldReferralPageSchema,
  referralDecisionSchema,
  referralReviewsQuery,
  referredIdParam,
} from "~/core/api/referrals";
import type { AppDeps } from "../app-deps";
import { actingAdmin } from "../auth/require-admin";
import type { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter, type SessionUser } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { decideReferral, listHeldReferrals } from "./referrals.admin.service";

/**
 * /api/admin/referrals: the queue of referral bonus pairs held for review. Mounted behind requireAdmin by
 * createAdminRoutes; `limited` is the per-administrator rate limit of every admin change.
 */
export const createReferralReviewRoutes = (deps: AppDeps, limited: ReturnType<typeof rateLimit>) => {
  const decide = (decision: "release" | "decline") =>
    [
      responds(
        { 200: referralDecisionSchema },
        {
          summary:
            decision === "release"
              ? "Release a held referral bonus: pay the friend and the referrer"
              : "Decline a held referral bonus: pay nothing",
          description:
            "Never a pair in which the administrator is the friend or the referrer (403 SELF_ACTION).",
          errors: ["NOT_FOUND", "CONFLICT", "SELF_ACTION", "INVISIBLE_TEXT"],
        },
      ),
      params(referredIdParam),
      limited,
      jsonBody(reasonInput),
    ] as const;
  const decideAs = (
    v: { user?: SessionUser | undefined; requestId: string },
    decision: "release" | "decline",
    referredId: string,
    reason: string,
  ) => decideReferral(deps.db, actingAdmin(v), { referredId, decision, reason });
  return createRouter()
    .get(
      "/held",
      responds(
        { 200: heldReferralPageSchema },
        { summary: "Referral bonuses held for review, oldest first" },
      ),
      query(referralReviewsQuery),
      async (c) => c.json(await listHeldReferrals(deps.db, c.req.valid("query").page)),
    )
    .post("/:referredId/release", ...decide("release"), async (c) =>
      c.json(await decideAs(c.var, "release", c.req.valid("param").referredId, c.req.valid("json").reason)),
    )
    .post("/:referredId/decline", ...decide("decline"), async (c) =>
      c.json(await decideAs(c.var, "decline", c.req.valid("param").referredId, c.req.valid("json").reason)),
    );
};
