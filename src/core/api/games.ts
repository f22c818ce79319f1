import { z } from "zod";
import { earnedSchema } from "./earned";

/** The Tic Tac Toe API contract (ADR 005): requests and answers of /api/games/tic-tac-toe, shared by the server and the browser. */

export const gameStatuses = ["open", "won", "lost", "draw", "abandoned"] as const;
/** `won`: the player (X) won; `lost`: the bot won; `abandoned`: replaced by a newer game. */
export type GameStatus = (typeof gameStatuses)[number];

const cellSchema = z.union([z.literal("X"), z.literal("O"), z.null()]);

export const gameViewSchema = z.object({
  id: z.uuid(),
  /** Nine cells, row by row. */
  board: z.array(cellSchema).length(9),
  status: z.enum(gameStatuses),
  /** Rises with every stored change; a move may send it back so a stale move fails with 409. */
  version: z.number().int(),
  winningLine: z.array(z.number().int()).nullable(),
  createdAt: z.iso.datetime(),
});

export const gameResponseSchema = z.object({ game: gameViewSchema });
export const currentGameResponseSchema = z.object({ game: gameViewSchema.nullable() });

export const moveResultSchema = z.object({
  game: gameViewSchema,
  /** The cells this request played: the player's, then the bot's reply (null when the game ended first). */
  moves: z.object({ player: z.number().int(), bot: z.number().int().nullable() }),
  /** Coins paid for this move (a win), or null. */
  earned: earnedSchema.nullable(),
  /** 'daily-limit' when this move won but the day's paid wins were used up, else null. */
  unpaidReason: z.enum(["daily-limit"]).nullable(),
});

/** A game as the API answers it. */
export type GameView = z.output<typeof gameViewSchema>;

/** The answer to a move: the game, the cells played (the player's, the bot's reply) and any coins earned. */
export type MoveResult = z.output<typeof moveResultSchema>;

export const moveInputSchema = z.object({
  cell: z.number().int().min(0).max(8),
  version: z.number().int().min(0).optional(),
});
export type MoveInput = z.infer<typeof moveInputSchema>;
