import { redemptionIdParams, redemptionRequestSchema } from "~/core/redemptions";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
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
    .get("/eligibility", async (c) => c.json(await getEligibility(deps, c.var.user!.id)))
    .get("/", async (c) => c.json({ redemptions: await listRedemptions(deps.db, c.var.user!.id) }))
    .post("/", jsonBody(redemptionRequestSchema), async (c) => {
      const result = await requestRedemption(deps, c.var.user!, c.req.valid("json"));
      return c.json(result, 201);
    })
    .post("/:id/cancel", params(redemptionIdParams), async (c) =>
      c.json(await cancelRedemption(deps.db, c.var.user!.id, c.req.valid("param").id)),
    );
