import { z } from "zod";
import {
  currentGameResponseSchema,
  gameResponseSchema,
  moveInputSchema,
  moveResultSchema,
} from "~/core/api/games";
import type { AppDeps } from "../app-deps";
import { requireEarner } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import { withStreakBonus } from "../streaks/streaks.service";
import { getOpenGame, playMove, startGame } from "./games.service";

/**
 * Signed-in Tic Tac Toe (ADR 005); guests play in the browser and get 401 LOGIN_REQUIRED here.
 * POST /api/games/tic-tac-toe                 → 201 { game }   (abandons the open game, if any)
 * GET  /api/games/tic-tac-toe/current         → { game | null }
 * POST /api/games/tic-tac-toe/:gameId/moves   { cell, version? } → { game, moves, earned }
 */
export const createGamesRoutes = (deps: AppDeps) => {
  const earner = requireEarner(deps);
  return createRouter()
    .post(
      "/tic-tac-toe",
      responds({ 201: gameResponseSchema }, { summary: "Start a game (abandons the open one)" }),
      earner,
      async (c) => c.json({ game: await startGame(deps.db, c.var.user.id) }, 201),
    )
    .get(
      "/tic-tac-toe/current",
      responds({ 200: currentGameResponseSchema }, { summary: "The open game, or null" }),
      earner,
      async (c) => c.json({ game: await getOpenGame(deps.db, c.var.user.id) }),
    )
    .post(
      "/tic-tac-toe/:gameId/moves",
      responds(
        { 200: moveResultSchema },
        { summary: "Play a move; the bot replies", errors: ["CONFLICT", "MOVE_TOO_SOON"] },
      ),
      earner,
      params(z.object({ gameId: z.uuid() })),
      jsonBody(moveInputSchema),
      async (c) => {
        const { gameId } = c.req.valid("param");
        const { cell, version } = c.req.valid("json");
        const userId = c.var.user.id;
        const sessionToken = (await deps.sessions.earningToken(c.req.raw.headers))?.token ?? null;
        const result = await playMove(deps.db, { userId, gameId, cell, version, sessionToken });
        // A won game (new or replayed) may have brought today to the daily goal: its streak bonus comes with it.
        const won = result.game.status === "won";
        return c.json(await withStreakBonus(deps.db, userId, result, deps.env.streakRules, won));
      },
    );
};
