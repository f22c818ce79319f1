import { describe, expect, it, vi } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { watchVideoToEnd } from "#tests/support/earning";
import type { TestUser } from "#tests/support/factories";
import { contextForFile } from "#tests/support/made-before-all";
import * as ttt from "#tests/support/tic-tac-toe-api";
import { acceptanceLineMove } from "#tests/support/tic-tac-toe-lines";
import { apiError } from "#tests/support/typed-client";
import type { Allowance } from "~/core/api/earning";
import type { AnswerResult, QuizId } from "~/core/api/quizzes";
import { DEFAULT_EARNING_LIMITS, utcDay } from "~/core/earning";
import { BOT_REPLY_DELAY_MS } from "~/core/tic-tac-toe/board";
import { playMove } from "../games/games.service";
import { award, getBalance } from "../ledger/ledger.service";

/** The daily limits, end to end through the API, with the defaults (docs/product.md, "Fair earning"). */

ttt.fakeDateOnly();
const ctx = contextForFile();

const balanceOf = async (user: { id: string }) => getBalance(ctx.db, user.id);

async function allowanceOf(user: TestUser): Promise<Allowance> {
  const res = await ctx.api(user).earning.allowance.$get();
  expect(res.status).toBe(200);
  return await res.json();
}

/** One game on the acceptance line (always a win), at human speed; returns the winning move's answer. */
async function winOneGame(user: TestUser) {
  return (await ttt.playGame(ctx, user, await ttt.startGame(ctx, user), acceptanceLineMove)).last;
}

describe("Tic Tac Toe wins", () => {
  it("pay for the first 20 of 30 scripted wins a day; the rest say the daily limit is reached", async () => {
    const user = await ctx.createVerifiedUser();
    const results = [];
    for (let i = 0; i < 30; i++) results.push(await winOneGame(user));
    expect(results.every((r) => r.game.status === "won")).toBe(true);
    expect(results.filter((r) => r.earned?.amount === 10)).toHaveLength(20);
    expect(results.slice(0, 20).every((r) => r.earned !== null && r.unpaidReason === null)).toBe(true);
    expect(results.slice(20).every((r) => r.earned === null && r.unpaidReason === "daily-limit")).toBe(true);
    expect(await balanceOf(user)).toBe(200);
    const allowance = await allowanceOf(user);
    expect(allowance.ticTacToe).toEqual({ paidWins: 20, left: 0 });
    expect(allowance.limits).toEqual(DEFAULT_EARNING_LIMITS);
    // Starting games settles unpaid wins: a win refused by the limit stays unpaid.
    await ttt.ticTacToe(ctx, user).$post();
    expect(await balanceOf(user)).toBe(200);
  });

  it("never pays past the limit when 50 winning moves arrive at once at the limit's edge", async () => {
    const user = await insertUserRow(ctx.db);
    const day = utcDay(new Date());
    for (let i = 0; i < 19; i++)
      await award(ctx.db, {
        userId: user.id,
        kind: "ttt_win",
        causeKey: `seed-win:${user.id}:${i}`,
      });
    // 50 won games whose payment has not run yet: replays of each winning move race to pay them.
    const games = await ctx.db
      .insertInto("games")
      .values(
        Array.from({ length: 50 }, () => ({
          user_id: user.id,
          board: "XXXOO----",
          status: "won" as const,
          finished_at: new Date(),
          replied_at: new Date(Date.now() - 5000),
        })),
      )
      .returning("id")
      .execute();
    const results = await Promise.allSettled(
      games.map((g) => playMove(ctx.db, { userId: user.id, gameId: g.id, cell: 8 })),
    );
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    const paid = await ctx.db
      .selectFrom("coin_ledger")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", user.id)
      .where("limit_key", "=", `ttt_win:${day}`)
      .executeTakeFirstOrThrow();
    expect(Number(paid.n)).toBe(20);
    expect(await balanceOf(user)).toBe(200);
    const limited = await ctx.db
      .selectFrom("games")
      .select("id")
      .where("user_id", "=", user.id)
      .where("unpaid_reason", "=", "daily-limit")
      .execute();
    expect(limited).toHaveLength(49);
  });

  it("never pays past the limit under 50 concurrent awards of distinct wins", async () => {
    const user = await insertUserRow(ctx.db);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        award(ctx.db, { userId: user.id, kind: "ttt_win", causeKey: `race-win:${user.id}:${i}` }),
      ),
    );
    expect(results.filter((r) => r.amount === 10)).toHaveLength(20);
    expect(results.filter((r) => r.limited)).toHaveLength(30);
    expect(await balanceOf(user)).toBe(200);
  });

  it("refuses a first move sooner than 700 ms after the game's start; at human speed it is accepted", async () => {
    const user = await ctx.createVerifiedUser();
    const game = await ttt.startGame(ctx, user);
    vi.setSystemTime(Date.now() + BOT_REPLY_DELAY_MS - 200);
    const json = { cell: 4, version: game.version };
    const tooSoon = await ttt
      .ticTacToe(ctx, user)
      [":gameId"].moves.$post({ param: { gameId: game.id }, json });
    expect(tooSoon.status).toBe(429);
    expect((await apiError(tooSoon)).code).toBe("MOVE_TOO_SOON");
    expect((await (await ttt.ticTacToe(ctx, user).current.$get()).json()).game).toEqual(game);
    const ok = await ttt.move(ctx, user, game.id, json);
    expect(ok.status).toBe(200);
  });

  it("refuses a move sooner than 700 ms after the server's reply with a 4xx, leaving the game unchanged", async () => {
    const user = await ctx.createVerifiedUser();
    const game = await ttt.startGame(ctx, user);
    const first = await ttt.move(ctx, user, game.id, { cell: 0 });
    const after = (await first.json()).game;
    vi.setSystemTime(Date.now() + BOT_REPLY_DELAY_MS - 200);
    const json = { cell: after.board.indexOf(null), version: after.version };
    const tooSoon = await ttt
      .ticTacToe(ctx, user)
      [":gameId"].moves.$post({ param: { gameId: game.id }, json });
    expect(tooSoon.status).toBe(429);
    expect(await apiError(tooSoon)).toEqual({
      code: "MOVE_TOO_SOON",
      message: "Not so fast: wait for the bot's move before you play your next one.",
    });
    const current = await ttt.ticTacToe(ctx, user).current.$get();
    expect((await current.json()).game).toEqual(after);
    // At human speed the same move is accepted.
    const ok = await ttt.move(ctx, user, game.id, json);
    expect(ok.status).toBe(200);
  });
});

const startQuiz = (user: TestUser | undefined, quizId: QuizId, ip?: string) =>
  ctx.api({ cookie: user?.cookie, ip }).quizzes[":quizId"].sessions.$post({ param: { quizId } });

async function playQuiz(user: TestUser, quizId: QuizId) {
  const res = await startQuiz(user, quizId);
  expect(res.status).toBe(201);
  const session = await res.json();
  let last: AnswerResult | undefined;
  let earned = 0;
  for (const q of session.questions) {
    const { answer } = await ctx.db
      .selectFrom("quiz_questions")
      .select("answer")
      .where("id", "=", q.id)
      .executeTakeFirstOrThrow();
    const answered = await ctx.api(user).quizzes.sessions[":sessionId"].answers.$post({
      param: { sessionId: session.sessionId },
      json: { questionId: q.id, option: q.options.indexOf(answer) },
    });
    last = await answered.json();
    expect(last.correct).toBe(true);
    earned += last.earned?.amount ?? 0;
  }
  return { session, last: last as AnswerResult, earned };
}

describe("quizzes", () => {
  it("pay one session per quiz a day; the second is practice: graded the same, 0 coins", async () => {
    const user = await ctx.createVerifiedUser();
    const first = await playQuiz(user, "science");
    expect(first.session.practice).toBe(false);
    expect(first.earned).toBe(110);
    expect(first.last.sessionCoins).toBe(110);

    const second = await playQuiz(user, "science");
    expect(second.session.practice).toBe(true);
    expect(second.last).toMatchObject({
      score: 10,
      completed: true,
      practice: true,
      sessionCoins: 0,
      earned: null,
    });
    expect(second.earned).toBe(0);
    expect(await balanceOf(user)).toBe(110);

    // Another quiz still pays today.
    expect((await playQuiz(user, "history")).earned).toBe(110);
    const allowance = await allowanceOf(user);
    expect(allowance.quizzes).toEqual([
      { quizId: "general", paidSessions: 0, left: 1, round: null },
      { quizId: "science", paidSessions: 1, left: 0, round: null },
      { quizId: "history", paidSessions: 1, left: 0, round: null },
    ]);
  });

  it("let exactly one of many simultaneous starts of a quiz be the paid one", async () => {
    const user = await ctx.createVerifiedUser();
    const sessions = await Promise.all(
      Array.from({ length: 6 }, async () => (await startQuiz(user, "general")).json()),
    );
    // One paid round: a start that finds it unfinished is given it back (docs/product.md, "Quizzes": a round
    // survives leaving); the others are practice.
    const paid = new Set(sessions.filter((s) => !s.practice).map((s) => s.sessionId));
    expect(paid.size).toBe(1);
  });

  it("limit guests to 10 sessions an hour per address", async () => {
    const ip = "10.250.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await startQuiz(undefined, "general", ip)).status);
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    // Another address, and signed-in players, are not affected.
    expect((await startQuiz(undefined, "general", "10.250.0.2")).status).toBe(201);
  });
});

describe("the allowance", () => {
  it("needs a signed-in user", async () => {
    const res = await ctx.api().earning.allowance.$get();
    expect(res.status).toBe(401);
  });

  it("starts full, counts what paid today and resets at the next UTC midnight", async () => {
    const user = await ctx.createVerifiedUser();
    const fresh = await allowanceOf(user);
    expect(fresh.ticTacToe).toEqual({ paidWins: 0, left: 20 });
    expect(fresh.videos.map((v) => v.left)).toEqual([1, 1, 1]);
    const now = new Date();
    expect(fresh.day).toBe(utcDay(now));
    const resetsAt = new Date(fresh.resetsAt);
    expect(resetsAt.getUTCHours()).toBe(0);
    expect(resetsAt.getTime() - now.getTime()).toBeGreaterThan(0);
    expect(resetsAt.getTime() - now.getTime()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);

    await winOneGame(user);
    await watchVideoToEnd(ctx.client, ctx.db, user, "community-highlights");
    const used = await allowanceOf(user);
    expect(used.ticTacToe).toEqual({ paidWins: 1, left: 19 });
    expect(used.videos.find((v) => v.videoId === "community-highlights")).toEqual({
      videoId: "community-highlights",
      paidWatches: 1,
      left: 0,
    });
  });
});
