import {
  type RedemptionList,
  redeemEligibilitySchema,
  redemptionChangeSchema,
  redemptionIdParams,
  redemptionListSchema,
  redemptionRequestSchema,
} from "~/core/api/redemptions";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import { cancelRedemption, getEligibility, listRedemptions, requestRedemption } from "./redemptions.service";

/**
 * /api/redemptions: the signed-in user's redemptions. The amount is the only number the browser sends; the
 * server checks it against the balance, the minimum, the limits, the e-mail confirmation and KYC.
 */
export const createRedemptionsRoutes = (deps: AppDeps) =>
  createRouter()
    .use(requireUser(deps))
    .get(
      "/eligibility",
      responds(
        { 200: redeemEligibilitySchema },
        { summary: "The cash-out checklist and the rules a request must meet", errors: ["NOT_FOUND"] },
      ),
      async (c) => c.json(await getEligibility(deps, c.var.user!.id)),
    )
    .get(
      "/",
      responds({ 200: redemptionListSchema }, { summary: "The user's redemptions, newest first" }),
      async (c) =>
        c.json({ redemptions: await listRedemptions(deps.db, c.var.user!.id) } satisfies RedemptionList),
    )
    .post(
      "/",
      responds(
        { 201: redemptionChangeSchema },
        {
          summary: "Request a redemption",
          description: "Holds the coins (a ledger row) until the redemption is paid, or returns them.",
          errors: [
            "REDEEM_BELOW_MINIMUM",
            "EMAIL_NOT_VERIFIED",
            "REDEEM_NOT_ALLOWED",
            "KYC_REQUIRED",
            "INSUFFICIENT_BALANCE",
            "REDEEM_PENDING_LIMIT",
            "REDEEM_DAILY_CAP",
            "NOT_FOUND",
          ],
        },
      ),
      jsonBody(redemptionRequestSchema),
      async (c) => {
        const result = await requestRedemption(deps, c.var.user!, c.req.valid("json"));
        return c.json(result, 201);
      },
    )
    .post(
      "/:id/cancel",
      responds(
        { 200: redemptionChangeSchema },
        {
          summary: "Cancel a pending redemption",
          description: "Returns the held coins.",
          errors: ["REDEMPTION_STATE"],
        },
      ),
      params(redemptionIdParams),
      async (c) => c.json(await cancelRedemption(deps.db, c.var.user!.id, c.req.valid("param").id)),
    );
