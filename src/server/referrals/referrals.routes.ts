import { referralCodeCheckSchema, referralCodeParam, referralsViewSchema } from "~/core/api/referrals";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { clientIp } from "../http/client-ip";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { params } from "../http/validate";
import { findReferrerId, getReferrals } from "./referrals.service";

/**
 * GET /api/referrals: the signed-in user's referral code, link and referred friends (ReferralsView).
 * GET /api/referrals/codes/:code: whether a code names a referrer, for the `?ref=` landing (no session needed;
 * AUTH_RATE_LIMIT checks a minute per client IP, so codes cannot be listed by guessing).
 */
export const createReferralsRoutes = (deps: AppDeps) => {
  const limitChecks = rateLimit(deps.rateLimitStore, (c) => [
    { key: `referral-code:ip:${clientIp(c, deps.env.trustProxy)}`, limit: deps.env.authRateLimit },
  ]);
  return createRouter()
    .get(
      "/",
      responds({ 200: referralsViewSchema }, { summary: "The referral code, link and referred friends" }),
      requireUser(deps),
      async (c) => c.json(await getReferrals(deps.db, c.var.user.id, deps.env.appUrl)),
    )
    .get(
      "/codes/:code",
      responds(
        { 200: referralCodeCheckSchema },
        {
          summary: "Whether a referral code gives the referral bonus",
          description:
            "For the sign-up page's `?ref=` landing: valid when a user has this code (any case, spaces ignored).",
        },
      ),
      limitChecks,
      params(referralCodeParam),
      async (c) =>
        c.json({ valid: (await findReferrerId(deps.db, c.req.valid("param").code)) !== undefined }),
    );
};
