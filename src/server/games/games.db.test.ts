import { describe, expect, it } from "vitest";
import type { TestUser } from "#tests/support/factories";
import { contextForFile } from "#tests/support/made-before-all";
import * as ttt from "#tests/support/tic-tac-toe-api";
import { acceptanceLineMove, drawingMove } from "#tests/support/tic-tac-toe-lines";
import type { GameView } from "~/core/api/games";
import type { Board } from "~/core/tic-tac-toe/board";

ttt.fakeDateOnly();
const ctx = contextForFile();

const ticTacToe = (user?: TestUser) => ttt.ticTacToe(ctx, user);
const start = (user: TestUser) => ttt.startGame(ctx, user);
const move = (user: TestUser, gameId: string, json: { cell: number; version?: number }) =>
  ttt.move(ctx, user, gameId, json);
const play = (user: TestUser, view: GameView, strategy: (board: Board) => number) =>
  ttt.playGame(ctx, user, view, strategy);

async function ledgerOf(userId: string) {
  return ctx.db
    .selectFrom("coin_ledger")
    .select(["amount", "reason", "kind", "cause_key"])
    .where("user_id", "=", userId)
    .execute();
}

async function storedGame(id: string) {
  return ctx.db.selectFrom("games").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

describe("guests", () => {
  it("cannot start, read or move: 401 LOGIN_REQUIRED", async () => {
    const guest = ticTacToe();
    for (const res of [
      await guest.$post(),
      await guest.current.$get(),
      await guest[":gameId"].moves.$post({ param: { gameId: crypto.randomUUID() }, json: { cell: 0 } }),
    ]) {
      const message = await expectError(res, 401, "LOGIN_REQUIRED");
      expect(message).toBe("You need to be logged in to earn coins.");
    }
  });
});

describe("a signed-in game", () => {
  it("starts empty and open, and is the current game", async () => {
    const user = await ctx.createVerifiedUser();
    const game = await start(user);
    expect(game).toMatchObject({ status: "open", version: 0, winningLine: null });
    expect(game.board).toEqual(Array(9).fill(null));
    const res = await ticTacToe(user).current.$get();
    expect(await res.json()).toEqual({ game });
  });

  it("answers a move with the player's X and the bot's O", async () => {
    const user = await ctx.createVerifiedUser();
    const game = await start(user);
    const res = await move(user, game.id, { cell: 0 });
    expect(res.status).toBe(200);
    const result = await res.json();
    expect(result.moves).toEqual({ player: 0, bot: 4 });
    expect(result.game.board[0]).toBe("X");
    expect(result.game.board[4]).toBe("O");
    expect(result).toMatchObject({ earned: null, game: { status: "open", version: 1 } });
    expect((await storedGame(game.id)).board).toBe("X---O----");
  });

  it("pays exactly 10 coins for a win, recorded in the ledger as 'Tic Tac Toe win'", async () => {
    const user = await ctx.createVerifiedUser();
    const { game, last } = await play(user, await start(user), acceptanceLineMove);
    expect(game.status).toBe("won");
    expect(game.winningLine).toHaveLength(3);
    expect(last.moves.bot).toBeNull();
    expect(last.earned).toEqual({
      amount: 10,
      reason: "Tic Tac Toe win",
      balance: 10,
      entryId: expect.any(Number),
      referralBonus: 0,
      goalCoinsToday: 10,
    });
    expect(await ledgerOf(user.id)).toEqual([
      { amount: 10, reason: "Tic Tac Toe win", kind: "ttt_win", cause_key: `ttt-win:${game.id}` },
    ]);
    const balance = await ctx.db
      .selectFrom("user_profiles")
      .select("points")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(balance.points).toBe(10);
  });

  it("refuses a replayed winning move with 409 and pays nothing more", async () => {
    const user = await ctx.createVerifiedUser();
    const { game, last } = await play(user, await start(user), acceptanceLineMove);
    const before = await storedGame(game.id);
    for (const body of [
      { cell: last.moves.player },
      { cell: last.moves.player, version: game.version - 1 },
    ]) {
      const message = await expectError(await move(user, game.id, body), 409, "CONFLICT");
      expect(message).toMatch(/already over/);
    }
    expect(await storedGame(game.id)).toEqual(before);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it("pays nothing for a draw", async () => {
    const user = await ctx.createVerifiedUser();
    const { game, results } = await play(user, await start(user), drawingMove);
    expect(game.status).toBe("draw");
    expect(game.winningLine).toBeNull();
    expect(results.every((r) => r.earned === null)).toBe(true);
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it("refuses any move on a finished game", async () => {
    const user = await ctx.createVerifiedUser();
    const { game } = await play(user, await start(user), drawingMove);
    expect(game.board.every((c) => c !== null)).toBe(true);
    await expectError(await move(user, game.id, { cell: 0 }), 409, "CONFLICT");
  });

  it("refuses an occupied cell with 409 and leaves the game as it was", async () => {
    const user = await ctx.createVerifiedUser();
    const game = await start(user);
    await move(user, game.id, { cell: 0 });
    const before = await storedGame(game.id);
    for (const cell of [0, 4]) {
      const message = await expectError(await move(user, game.id, { cell }), 409, "CONFLICT");
      expect(message).toMatch(/already taken/);
    }
    expect(await storedGame(game.id)).toEqual(before);
  });

  it("refuses a malformed move with 422 and leaves the game as it was", async () => {
    const user = await ctx.createVerifiedUser();
    const game = await start(user);
    // Bodies the typed client would refuse to send go as they are.
    const path = `/api/games/tic-tac-toe/${game.id}/moves`;
    for (const json of [{ cell: 9 }, { cell: -1 }, { cell: 1.5 }, { cell: 4, version: -1 }]) {
      await expectError(await move(user, game.id, json), 422, "VALIDATION_FAILED");
    }
    for (const json of [{ cell: "4" }, {}]) {
      const res = await ctx.request(path, { method: "POST", cookie: user.cookie, json });
      await expectError(res, 422, "VALIDATION_FAILED");
    }
    const bad = await ctx.request(path, {
      method: "POST",
      cookie: user.cookie,
      headers: { "content-type": "application/json" },
      body: "{",
    });
    await expectError(bad, 400, "INVALID_JSON");
    expect((await storedGame(game.id)).board).toBe("---------");
  });

  it("refuses a move out of turn (sent for a version that has passed) with 409", async () => {
    const user = await ctx.createVerifiedUser();
    const game = await start(user);
    expect((await move(user, game.id, { cell: 0, version: 0 })).status).toBe(200);
    const message = await expectError(await move(user, game.id, { cell: 2, version: 0 }), 409, "CONFLICT");
    expect(message).toMatch(/out of date/);
    expect((await storedGame(game.id)).board).toBe("X---O----");
  });

  it("applies only one of two simultaneous moves", async () => {
    const user = await ctx.createVerifiedUser();
    const game = await start(user);
    const responses = await Promise.all([
      move(user, game.id, { cell: 0, version: 0 }),
      move(user, game.id, { cell: 8, version: 0 }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const stored = await storedGame(game.id);
    expect(stored.version).toBe(1);
    expect([...stored.board].filter((c) => c === "X")).toHaveLength(1);
  });

  it("answers 404 for an unknown game, a malformed id and another user's game", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    const theirs = await start(other);
    for (const id of [crypto.randomUUID(), "not-a-uuid", theirs.id]) {
      await expectError(await move(user, id, { cell: 0 }), 404, "NOT_FOUND");
    }
    expect((await storedGame(theirs.id)).board).toBe("---------");
  });

  it("keeps one open game per user: starting again abandons the old one", async () => {
    const user = await ctx.createVerifiedUser();
    const first = await start(user);
    await move(user, first.id, { cell: 0 });
    const second = await start(user);
    expect(second.id).not.toBe(first.id);
    expect((await storedGame(first.id)).status).toBe("abandoned");
    await expectError(await move(user, first.id, { cell: 1 }), 409, "CONFLICT");
    const current = await ticTacToe(user).current.$get();
    expect((await current.json()).game?.id).toBe(second.id);
  });
});
