import { z } from "zod";
import type { Earned } from "../coins";
import type { Cell } from "./board";

/** The Tic Tac Toe API contract (ADR 005), shared by the server and the browser. */

export const gameStatuses = ["open", "won", "lost", "draw", "abandoned"] as const;
/** `won`: the player (X) won; `lost`: the bot won; `abandoned`: replaced by a newer game. */
export type GameStatus = (typeof gameStatuses)[number];

export interface GameView {
  id: string;
  /** Nine cells, row by row. */
  board: Cell[];
  status: GameStatus;
  /** Rises with every stored change; a move may send it back so a stale move fails with 409. */
  version: number;
  winningLine: number[] | null;
  createdAt: string;
}

export interface MoveResult {
  game: GameView;
  /** The cells this request played: the player's, then the bot's reply (null when the game ended first). */
  moves: { player: number; bot: number | null };
  /** Coins paid for this move (a win), or null. */
  earned: Earned | null;
  /** 'daily-limit' when this move won but the day's paid wins were used up, else null. */
  unpaidReason: "daily-limit" | null;
}

export const moveInputSchema = z.object({
  cell: z.number().int().min(0).max(8),
  version: z.number().int().min(0).optional(),
});
export type MoveInput = z.infer<typeof moveInputSchema>;
