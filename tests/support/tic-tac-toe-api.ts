import { afterAll, beforeAll, expect, vi } from "vitest";
import type { GameView } from "~/core/api/games";
import { BOT_REPLY_DELAY_MS, type Board } from "~/core/tic-tac-toe/board";
import type { TestUser } from "./factories";
import type { TestContext } from "./test-app";

/**
 * Fakes only Date for the file's tests: `move` steps the clock past the bot's reply delay instead of waiting
 * for it (the server refuses moves sooner than that).
 */
export function fakeDateOnly(): void {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}

/** The typed Tic Tac Toe routes, as `user` (a guest when omitted). */
export const ticTacToe = (ctx: TestContext, user?: TestUser) => ctx.api(user).games["tic-tac-toe"];

/** Starts a game (201) and answers it. */
export async function startGame(ctx: TestContext, user: TestUser): Promise<GameView> {
  const res = await ticTacToe(ctx, user).$post();
  expect(res.status).toBe(201);
  return (await res.json()).game;
}

/** A move as a person makes it: after the bot's reply delay (the clock steps forward, nobody waits). */
export function move(
  ctx: TestContext,
  user: TestUser,
  gameId: string,
  json: { cell: number; version?: number },
) {
  vi.setSystemTime(Date.now() + BOT_REPLY_DELAY_MS + 1);
  return ticTacToe(ctx, user)[":gameId"].moves.$post({ param: { gameId }, json });
}

/** Plays `game` to its end with `strategy` (each move 200); answers the end, every move's answer and the last. */
export async function playGame(
  ctx: TestContext,
  user: TestUser,
  game: GameView,
  strategy: (board: Board) => number,
) {
  let current = game;
  const results = [];
  while (current.status === "open") {
    const res = await move(ctx, user, current.id, {
      cell: strategy(current.board),
      version: current.version,
    });
    expect(res.status).toBe(200);
    const result = await res.json();
    results.push(result);
    current = result.game;
  }
  const last = results.at(-1);
  if (!last) throw new Error("the game was over before it started");
  return { game: current, results, last };
}
