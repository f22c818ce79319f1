import { randomInt } from "node:crypto";
import { type Selectable, sql } from "kysely";
import type { Earned } from "~/core/api/earned";
import type { GameStatus, GameView, MoveResult } from "~/core/api/games";
import { applyMove, BOT_REPLY_DELAY_MS, type Board, checkMove, getOutcome } from "~/core/tic-tac-toe/board";
import { chooseBotMove, type Random } from "~/core/tic-tac-toe/bot";
import type { Database } from "../db/client";
import type { GameTable } from "../db/schema";
import { AppError } from "../errors";
import { winCauseKey } from "../ledger/cause-keys";
import { award, earnedFrom } from "../ledger/ledger.service";
import { formatBoard, parseBoard } from "./game-board";

/**
 * Server-authoritative Tic Tac Toe for signed-in players (ADR 005). The client only names a cell; the server
 * checks it, plays the bot with its own randomness, stores both moves with one conditional UPDATE on
 * `version`, and pays a win through the ledger with the cause key `ttt-win:<gameId>`.
 */

type GameRow = Selectable<GameTable>;

/** Bot randomness from the OS CSPRNG, so a player cannot predict the bot's corner. */
export const secureRandom: Random = () => randomInt(0, 2 ** 32) / 2 ** 32;

function toView(row: GameRow): GameView {
  const board = parseBoard(row.board);
  const outcome = getOutcome(board);
  return {
    id: row.id,
    board: [...board],
    status: row.status,
    version: row.version,
    winningLine: outcome.status === "won" ? [...outcome.line] : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function statusOf(board: Board): GameStatus {
  const outcome = getOutcome(board);
  if (outcome.status === "playing") return "open";
  if (outcome.status === "draw") return "draw";
  return outcome.winner === "X" ? "won" : "lost";
}

/**
 * Pays a stored win (again): the ledger's cause key makes every call after the first pay nothing, and the
 * day's allowance (counted by the UTC day the game was won) is decided in the award's transaction. A win the
 * allowance refused is marked, so nothing tries to pay it again.
 */
async function payWin(
  db: Database,
  game: { userId: string; gameId: string; finishedAt: Date; sessionToken?: string | null | undefined },
): Promise<{ earned: Earned | null; unpaidReason: "daily-limit" | null }> {
  const result = await award(db, {
    userId: game.userId,
    kind: "ttt_win",
    causeKey: winCauseKey(game.gameId),
    occurredAt: game.finishedAt,
    sessionToken: game.sessionToken,
  });
  if (result.limited) {
    await db
      .updateTable("games")
      .set({ unpaid_reason: "daily-limit" })
      .where("id", "=", game.gameId)
      .execute();
    return { earned: null, unpaidReason: "daily-limit" };
  }
  return { earned: earnedFrom(result), unpaidReason: null };
}

/**
 * Pays every won game of the user whose award is missing — a crash between storing the winning move and the
 * ledger call would otherwise lose it. Runs when the user starts a game.
 */
export async function settleUnpaidWins(db: Database, userId: string): Promise<number> {
  const unpaid = await db
    .selectFrom("games")
    .leftJoin("coin_ledger", (join) =>
      join.on(
        sql<boolean>`coin_ledger.cause_key = cast(${winCauseKey("")} as text) || cast(games.id as text)`,
      ),
    )
    .select(["games.id", "games.finished_at"])
    .where("games.user_id", "=", userId)
    .where("games.status", "=", "won")
    .where("games.unpaid_reason", "is", null)
    .where("coin_ledger.id", "is", null)
    .execute();
  for (const game of unpaid)
    await payWin(db, { userId, gameId: game.id, finishedAt: new Date(game.finished_at ?? Date.now()) });
  return unpaid.length;
}

export async function getOpenGame(db: Database, userId: string): Promise<GameView | null> {
  const row = await db
    .selectFrom("games")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return row ? toView(row) : null;
}

/** Abandons the user's open game, if any, and starts a new one. */
export async function startGame(db: Database, userId: string): Promise<GameView> {
  await settleUnpaidWins(db, userId);
  const row = await db.transaction().execute(async (trx) => {
    // Starts of one user take turns, so a concurrent start never meets the other's open game mid-way.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`games:${userId}`}, 0))`.execute(trx);
    await trx
      .updateTable("games")
      .set((eb) => ({
        status: "abandoned",
        version: eb("version", "+", 1),
        updated_at: new Date(),
        finished_at: new Date(),
      }))
      .where("user_id", "=", userId)
      .where("status", "=", "open")
      .execute();
    // The start on the server's clock, as every move's reply time: the first move is paced from it.
    return trx
      .insertInto("games")
      .values({ user_id: userId, created_at: new Date() })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toView(row);
}

const illegalMoveMessages = {
  "bad-cell": "Choose a cell from 0 to 8.",
  "game-over": "This game is already over. Start a new game.",
  "not-your-turn": "It is not your turn. Reload the game.",
  "cell-taken": "That cell is already taken. Choose a free cell.",
} as const;

export interface PlayMoveInput {
  userId: string;
  gameId: string;
  cell: number;
  /** The version the client saw; a different stored version means the move is stale. */
  version?: number | undefined;
  random?: Random;
  now?: Date;
  /** The session the request acts through (looked at again under the award's lock). */
  sessionToken?: string | null;
}

/** Plays X on `cell` and the bot's reply; stores both or nothing. */
export async function playMove(db: Database, input: PlayMoveInput): Promise<MoveResult> {
  const row = await db
    .selectFrom("games")
    .selectAll()
    .where("id", "=", input.gameId)
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such game. Start a new game.");
  if (row.status !== "open") {
    // A replay of the winning move: pay the win if the first attempt died before the ledger (pays once).
    if (row.status === "won" && !row.unpaid_reason)
      await payWin(db, {
        userId: input.userId,
        gameId: row.id,
        finishedAt: new Date(row.finished_at ?? Date.now()),
        sessionToken: input.sessionToken,
      });
    throw new AppError("CONFLICT", illegalMoveMessages["game-over"]);
  }
  if (input.version !== undefined && input.version !== row.version)
    throw new AppError("CONFLICT", "This move is out of date: the game has moved on. Reload the game.");

  // Human speed: the bot "thinks" for 700 ms after each reply, so no person's next move can come sooner; the
  // first move is measured from the game's start the same way (the board appears with the start's answer).
  const now = input.now ?? new Date();
  const pacedFrom = new Date(row.replied_at ?? row.created_at);
  if (now.getTime() - pacedFrom.getTime() < BOT_REPLY_DELAY_MS) throw new AppError("MOVE_TOO_SOON");

  const before = parseBoard(row.board);
  const illegal = checkMove(before, input.cell, "X");
  if (illegal)
    throw new AppError(
      illegal.reason === "bad-cell" ? "VALIDATION_FAILED" : "CONFLICT",
      illegalMoveMessages[illegal.reason],
    );
  let board = applyMove(before, input.cell, "X");
  let botCell: number | null = null;
  if (getOutcome(board).status === "playing") {
    botCell = chooseBotMove(board, input.random ?? secureRandom);
    board = applyMove(board, botCell, "O");
  }
  const status = statusOf(board);

  const updated = await db
    .updateTable("games")
    .set((eb) => ({
      board: formatBoard(board),
      status,
      version: eb("version", "+", 1),
      updated_at: now,
      finished_at: status === "open" ? null : now,
      replied_at: now,
    }))
    .where("id", "=", row.id)
    .where("status", "=", "open")
    .where("version", "=", row.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated)
    throw new AppError("CONFLICT", "This game changed while your move was on its way. Reload the game.");

  const paid =
    status === "won"
      ? await payWin(db, {
          userId: input.userId,
          gameId: row.id,
          finishedAt: now,
          sessionToken: input.sessionToken,
        })
      : { earned: null, unpaidReason: null };
  return { game: toView(updated), moves: { player: input.cell, bot: botCell }, ...paid };
}
