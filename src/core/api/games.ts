import { z } from "zod";
import { gameStatuses } from "../tic-tac-toe/api";
import { earnedSchema } from "./earned";

/** Answers of /api/games/tic-tac-toe (ADR 005). */
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
