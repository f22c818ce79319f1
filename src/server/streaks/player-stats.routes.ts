import { playerStatsSchema } from "~/core/api/stats";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { getPlayerStats } from "./player-stats";

/**
 * GET /api/me/stats → PlayerStats: the signed-in player's last 30 UTC days, oldest first — coins earned per
 * channel and whether each day met the daily goal (docs/product.md, "Dashboard"). Signed-in users only.
 */
export const createPlayerStatsRoutes = (deps: AppDeps) =>
  createRouter().get(
    "/",
    responds(
      { 200: playerStatsSchema },
      {
        summary: "The player's last 30 days: coins earned per channel and the daily goal met or not",
        description:
          "One entry per UTC day, oldest first, today last; days without earning are zeros. Channels: game, " +
          "quiz, video, referral, streak (bonuses), adjustment (an operator's credit). A goal day is decided " +
          "as the streak decides it.",
        tag: "Profile",
      },
    ),
    requireUser(deps),
    async (c) => c.json(await getPlayerStats(deps.db, c.var.user.id, deps.env.streakRules)),
  );
