import {
  heldReferralPageSchema,
  reasonInput,
  referralDecisionSchema,
  referralReviewsQuery,
  referredIdParam,
} from "~/core/admin";
import type { AppDeps } from "../app-deps";
import type { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter, type SessionUser } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { decideReferral, listHeldReferrals } from "./referrals.admin.service";

const acting = (v: { user?: SessionUser | undefined; requestId: string }) => {
  if (!v.user) throw new Error("requireAdmin must run before an admin action");
  return { adminId: v.user.id, requestId: v.requestId };
};

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
          errors: ["NOT_FOUND", "CONFLICT"],
        },
      ),
      params(referredIdParam),
      limited,
      jsonBody(reasonInput),
    ] as const;
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
      c.json(
        await decideReferral(deps.db, acting(c.var), {
          referredId: c.req.valid("param").referredId,
          decision: "release",
          reason: c.req.valid("json").reason,
          referralBonusesPer30Days: deps.env.earningLimits.referralBonusesPer30Days,
        }),
      ),
    )
    .post("/:referredId/decline", ...decide("decline"), async (c) =>
      c.json(
        await decideReferral(deps.db, acting(c.var), {
          referredId: c.req.valid("param").referredId,
          decision: "decline",
          reason: c.req.valid("json").reason,
          referralBonusesPer30Days: deps.env.earningLimits.referralBonusesPer30Days,
        }),
      ),
    );
};
