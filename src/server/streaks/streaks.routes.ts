import { streakViewSchema } from "~/core/api/streak";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { getStreak } from "./streaks.service";

/**
 * GET /api/streak → StreakView: today's coins toward the daily goal, the streak, freezes held, the last 28 days
 * and how freezes were earned and used (docs/product.md, "Daily goal and streak"). Signed-in users only; reading
 * it also pays a milestone bonus due today that an interrupted request left unpaid (once: its cause key).
 */
export const createStreakRoutes = (deps: AppDeps) =>
  createRouter().get(
    "/",
    responds(
      { 200: streakViewSchema },
      { summary: "The daily goal and streak: today's coins, days in a row, freezes, the last 28 days" },
    ),
    requireUser(deps),
    async (c) => c.json(await getStreak(deps.db, c.var.user.id, deps.env.streakRules)),
  );
