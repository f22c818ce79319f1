import { referralsViewSchema } from "~/core/api/referrals";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { getReferrals } from "./referrals.service";

/** GET /api/referrals: the signed-in user's referral code, link and referred friends (ReferralsView). */
export const createReferralsRoutes = (deps: AppDeps) =>
  createRouter().get(
    "/",
    responds({ 200: referralsViewSchema }, { summary: "The referral code, link and referred friends" }),
    requireUser(deps),
    async (c) => c.json(await getReferrals(deps.db, c.var.user.id, deps.env.appUrl)),
  );
