import { offersViewSchema } from "~/core/api/partners";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { getOffers } from "./offers.service";

/** GET /api/offers: the signed-in player's partner walls, pending partner coins and recent partner credits. */
export const createOffersRoutes = (deps: AppDeps) =>
  createRouter().get(
    "/",
    responds(
      { 200: offersViewSchema },
      {
        summary: "The offers page: partners' walls, pending partner coins and recent credits",
        description:
          "The player's partner id (what walls are opened with), the enabled partners' walls, the coins pending per release day ('+420 coins available on 12 Dec') and the latest 20 partner credits with their states.",
      },
    ),
    requireUser(deps),
    async (c) => c.json(await getOffers(deps.db, c.var.user.id)),
  );
