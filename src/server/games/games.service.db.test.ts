import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { openTestDatabase } from "#tests/support/test-db";
import { acceptanceLineMove } from "#tests/support/tic-tac-toe-lines";
import type { GameView } from "~/core/api/games";
import { type Board, isWellFormed } from "~/core/tic-tac-toe/board";
import type { DatabaseHandle } from "~/server/db/client";
import { winCauseKey } from "../ledger/cause-keys";
import { getBalance } from "../ledger/ledger.service";
import { parseBoard } from "./game-board";
import { getOpenGame, playMove, startGame } from "./games.service";

/** Service-level checks that need direct database access: crash healing and true concurrency. */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase({ poolMax: 16 });
});
afterAll(async () => {
  await handle.close();
});

/** What the routes pass: the default allowance. */

/**
 * A clock that moves a second per call, never behind the real one: every move comes after the bot's 700 ms
 * reply delay and after the game's start.
 */
let clock = Date.now();
const later = () => {
  clock = Math.max(clock, Date.now()) + 1000;
  return new Date(clock);
};

async function playToWin(userId: string, game: GameView) {
  let current = game;
  for (;;) {
    const result = await playMove(handle.db, {
      userId,
      gameId: current.id,
      cell: acceptanceLineMove(current.board as Board),
      now: later(),
    });
    current = result.game;
    if (current.status !== "open") return { game: current, lastCell: result.moves.player };
  }
}

describe("games service", () => {
  it("pays a win whose ledger call never ran when the winning move is replayed, exactly once", async () => {
    const user = await insertUserRow(handle.db);
    const game = await startGame(handle.db, user.id);
    const { lastCell } = await playToWin(user.id, game);
    // Simulate a crash between storing the win and paying it.
    await handle.db.deleteFrom("coin_ledger").where("cause_key", "=", winCauseKey(game.id)).execute();
    await handle.db.updateTable("user_profiles").set({ points: 0 }).where("id", "=", user.id).execute();

    for (let i = 0; i < 2; i++)
      await expect(
        playMove(handle.db, { userId: user.id, gameId: game.id, cell: lastCell, now: later() }),
      ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await getBalance(handle.db, user.id)).toBe(10);
  });

  it("pays a lost award when the user starts the next game", async () => {
    const user = await insertUserRow(handle.db);
    const game = await startGame(handle.db, user.id);
    await playToWin(user.id, game);
    await handle.db.deleteFrom("coin_ledger").where("cause_key", "=", winCauseKey(game.id)).execute();
    await handle.db.updateTable("user_profiles").set({ points: 0 }).where("id", "=", user.id).execute();
    await startGame(handle.db, user.id);
    await startGame(handle.db, user.id);
    expect(await getBalance(handle.db, user.id)).toBe(10);
  });

  it("applies exactly one of many simultaneous moves on one game", async () => {
    const user = await insertUserRow(handle.db);
    const game = await startGame(handle.db, user.id);
    const results = await Promise.allSettled(
      [0, 1, 2, 3, 5, 6, 7, 8].map((cell) =>
        playMove(handle.db, { userId: user.id, gameId: game.id, cell, now: later() }),
      ),
    );
    const applied = results.filter((r) => r.status === "fulfilled");
    // PGlite runs them one after another, PostgreSQL at once: either way each applied move stored
    // exactly one X and its bot reply, and the rest were refused without touching the game.
    const stored = await handle.db
      .selectFrom("games")
      .selectAll()
      .where("id", "=", game.id)
      .executeTakeFirstOrThrow();
    const board = parseBoard(stored.board);
    expect(isWellFormed(board)).toBe(true);
    expect(board.filter((c) => c === "X")).toHaveLength(applied.length);
    expect(stored.version).toBe(applied.length);
    // A move that reads the game after another one's reply is also too soon after that reply.
    for (const r of results)
      if (r.status === "rejected") expect(["CONFLICT", "MOVE_TOO_SOON"]).toContain(r.reason.code);
  });

  it("applies exactly one of simultaneous moves that name the same version", async () => {
    const user = await insertUserRow(handle.db);
    const game = await startGame(handle.db, user.id);
    const results = await Promise.allSettled(
      [0, 2, 6, 8].map((cell) =>
        playMove(handle.db, {
          userId: user.id,
          gameId: game.id,
          cell,
          version: game.version,
          now: later(),
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const stored = await getOpenGame(handle.db, user.id);
    expect(stored?.board.filter((c) => c !== null)).toHaveLength(2);
    expect(stored?.version).toBe(1);
  });

  it("keeps one open game per user under simultaneous starts", async () => {
    const user = await insertUserRow(handle.db);
    const started = await Promise.all(Array.from({ length: 6 }, () => startGame(handle.db, user.id)));
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from games where user_id = ${user.id} and status = 'open'`.execute(handle.db);
    expect(rows[0]?.n).toBe(1);
    const open = await getOpenGame(handle.db, user.id);
    expect(started.map((g) => g.id)).toContain(open?.id);
  });
});
