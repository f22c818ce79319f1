import { z } from "zod";
import type { gameViewSchema, moveResultSchema } from "../api/games";

/** The Tic Tac Toe API contract (ADR 005), shared by the server and the browser. */

export const gameStatuses = ["open", "won", "lost", "draw", "abandoned"] as const;
/** `won`: the player (X) won; `lost`: the bot won; `abandoned`: replaced by a newer game. */
export type GameStatus = (typeof gameStatuses)[number];

/** A game as the API answers it (the schema is in src/core/api/games.ts). */
export type GameView = z.output<typeof gameViewSchema>;

/** The answer to a move: the game, the cells played (the player's, the bot's reply) and any coins earned. */
export type MoveResult = z.output<typeof moveResultSchema>;

export const moveInputSchema = z.object({
  cell: z.number().int().min(0).max(8),
  version: z.number().int().min(0).optional(),
});
export type MoveInput = z.infer<typeof moveInputSchema>;
