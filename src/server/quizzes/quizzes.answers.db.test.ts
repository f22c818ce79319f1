import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contextForFile } from "#tests/support/made-before-all";
import { assertNoLeak, contentOf, quizClient, rightOption, wrongOption } from "#tests/support/quiz-client";
import { createTestContext } from "#tests/support/test-app";
import { errorCode } from "#tests/support/typed-client";
import type { AnswerResult } from "~/core/api/quizzes";
import type { ApiErrorBody } from "~/core/error-codes";
import { getBalance } from "../ledger/ledger.service";

/** Answering quiz questions: grading, payment once per question, guests, and sessions kept apart. */
const ctx = contextForFile();

const client = (cookie?: string) => quizClient(ctx, cookie);

async function ledgerRows(userId: string) {
  return ctx.db
    .selectFrom("coin_ledger")
    .select(["kind", "amount", "cause_key"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

describe("POST /api/quizzes/sessions/:sessionId/answers", () => {
  it("signed in, a perfect run pays 10 × 10 + 10 = 110 in 11 ledger rows and leaks no answer", async () => {
    const user = await ctx.createVerifiedUser();
    const c = client(user.cookie);
    await c.list();
    const { body: session } = await c.start("general");
    let last: AnswerResult | undefined;
    for (const [i, q] of session.questions.entries()) {
      const { status, body } = await c.answer(session.sessionId, q.id, rightOption(q));
      expect(status).toBe(200);
      expect(body).toMatchObject({ correct: true, score: i + 1, answered: i + 1, total: 10 });
      const isLast = i === session.questions.length - 1;
      expect(body.completed).toBe(isLast);
      expect(body.earned).toEqual(
        isLast
          ? {
              amount: 20,
              reason: "Quiz correct answer and Quiz completion bonus",
              balance: 110,
              entryId: expect.any(Number),
              referralBonus: 0,
              goalCoinsToday: 110,
            }
          : {
              amount: 10,
              reason: "Quiz correct answer",
              balance: 10 * (i + 1),
              entryId: expect.any(Number),
              referralBonus: 0,
              goalCoinsToday: 10 * (i + 1),
            },
      );
      expect(body.sessionCoins).toBe(isLast ? 110 : 10 * (i + 1));
      last = body;
    }
    expect(last).toMatchObject({ score: 10, completed: true, sessionCoins: 110 });
    expect(await getBalance(ctx.db, user.id)).toBe(110);
    const rows = await ledgerRows(user.id);
    expect(rows).toHaveLength(11);
    expect(rows.map((r) => r.cause_key).sort()).toEqual(
      [
        ...session.questions.map((q) => `quiz:${session.sessionId}:${q.id}`),
        `quiz-bonus:${session.sessionId}`,
      ].sort(),
    );
    expect(rows.filter((r) => r.kind === "quiz_bonus")).toEqual([
      { kind: "quiz_bonus", amount: 10, cause_key: `quiz-bonus:${session.sessionId}` },
    ]);
    expect(c.seen).toHaveLength(12);
    for (const entry of c.seen) assertNoLeak(entry);
  });

  it("signed in, grades wrong answers (their answers told at the round's end) and pays only right ones plus the bonus", async () => {
    const user = await ctx.createVerifiedUser();
    const c = client(user.cookie);
    const { body: session } = await c.start("history");
    const results: AnswerResult[] = [];
    for (const [i, q] of session.questions.entries()) {
      const option = i % 2 === 0 ? rightOption(q) : wrongOption(q);
      const { body } = await c.answer(session.sessionId, q.id, option);
      expect(body.correct).toBe(i % 2 === 0);
      // A miss is told its answer only at the round's end, with every question's in the review.
      expect(body.correctAnswer).toBe(i % 2 === 0 || i === 9 ? contentOf(q.id).answer : null);
      if (i % 2 === 1 && i < 9) expect(body.earned).toBeNull();
      results.push(body);
    }
    expect(results.at(-1)).toMatchObject({ score: 5, completed: true, sessionCoins: 60 });
    expect(results.at(-1)?.earned).toEqual({
      amount: 10,
      reason: "Quiz completion bonus",
      balance: 60,
      entryId: expect.any(Number),
      referralBonus: 0,
      goalCoinsToday: 60,
    });
    expect(await getBalance(ctx.db, user.id)).toBe(60);
    expect(await ledgerRows(user.id)).toHaveLength(6);
    expect(results.at(-1)?.review).toEqual(
      session.questions.map((q, i) => ({
        questionId: q.id,
        text: q.text,
        chosen: q.options[i % 2 === 0 ? rightOption(q) : wrongOption(q)],
        answer: contentOf(q.id).answer,
        correct: i % 2 === 0,
        // The spec's quizzes come without explanations.
        explanation: null,
      })),
    );
    for (const entry of c.seen) assertNoLeak(entry);
  });

  it("refuses a second answer to the same question with 409 and pays nothing for it", async () => {
    const user = await ctx.createVerifiedUser();
    const c = client(user.cookie);
    const { body: session } = await c.start("science");
    const [first, second] = session.questions;
    if (!first || !second) throw new Error("no questions");
    expect((await c.answer(session.sessionId, first.id, wrongOption(first))).body.correct).toBe(false);
    const retry = await c.answer(session.sessionId, first.id, rightOption(first));
    expect(retry.status).toBe(409);
    expect((retry.body as unknown as ApiErrorBody).error.code).toBe("CONFLICT");
    expect((await c.answer(session.sessionId, second.id, rightOption(second))).status).toBe(200);
    const again = await c.answer(session.sessionId, second.id, rightOption(second));
    expect(again.status).toBe(409);
    expect(await getBalance(ctx.db, user.id)).toBe(10);
    expect(await ledgerRows(user.id)).toHaveLength(1);
    const recorded = await ctx.db
      .selectFrom("quiz_answers")
      .select(["question_id", "correct"])
      .where("session_id", "=", session.sessionId)
      .orderBy("answered_at")
      .execute();
    expect(recorded).toEqual([
      { question_id: first.id, correct: false },
      { question_id: second.id, correct: true },
    ]);
    for (const entry of c.seen) assertNoLeak(entry);
  });

  it("the same question answered 10 times at once is recorded and paid once", async () => {
    const user = await ctx.createVerifiedUser();
    const { body: session } = await client(user.cookie).start("general");
    const q = session.questions[0];
    if (!q) throw new Error("no question");
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await ctx.api(user).quizzes.sessions[":sessionId"].answers.$post({
          param: { sessionId: session.sessionId },
          json: { questionId: q.id, option: rightOption(q) },
        });
        const status: number = res.status;
        return status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await getBalance(ctx.db, user.id)).toBe(10);
  });

  it("grades a guest the same and pays nothing, not even the bonus", async () => {
    const c = client();
    const { body: session } = await c.start("science");
    let last: AnswerResult | undefined;
    for (const q of session.questions) {
      const { status, body } = await c.answer(session.sessionId, q.id, rightOption(q));
      expect(status).toBe(200);
      expect(body.correct).toBe(true);
      expect(body.earned).toBeNull();
      expect(body.sessionCoins).toBe(0);
      last = body;
    }
    expect(last).toMatchObject({ score: 10, answered: 10, completed: true });
    const paid = await ctx.db
      .selectFrom("coin_ledger")
      .select("id")
      .where("cause_key", "like", `%${session.sessionId}%`)
      .execute();
    expect(paid).toEqual([]);
    for (const entry of c.seen) assertNoLeak(entry);
  });

  it("keeps guests and users out of each other's sessions (404)", async () => {
    const alice = await ctx.createVerifiedUser();
    const bob = await ctx.createVerifiedUser();
    const { body: alices } = await client(alice.cookie).start("general");
    const { body: guests } = await client().start("general");
    const aq = alices.questions[0];
    const gq = guests.questions[0];
    if (!aq || !gq) throw new Error("no questions");
    expect((await client().answer(alices.sessionId, aq.id, 0)).status).toBe(404);
    expect((await client(bob.cookie).answer(alices.sessionId, aq.id, 0)).status).toBe(404);
    expect((await client(alice.cookie).answer(guests.sessionId, gq.id, 0)).status).toBe(404);
    // Nothing was recorded by the refused attempts: the owners can still answer.
    expect((await client(alice.cookie).answer(alices.sessionId, aq.id, 0)).status).toBe(200);
    expect((await client().answer(guests.sessionId, gq.id, 0)).status).toBe(200);
    expect(await getBalance(ctx.db, bob.id)).toBe(0);
  });

  it("answers 404 for an unknown or malformed session and for a question outside the session", async () => {
    const c = client();
    expect((await c.answer(randomUUID(), "general-01", 0)).status).toBe(404);
    expect((await c.answer("not-a-uuid", "general-01", 0)).status).toBe(404);
    const { body: session } = await c.start("general");
    expect((await c.answer(session.sessionId, "science-01", 0)).status).toBe(404);
    expect((await c.answer(session.sessionId, "nope", 0)).status).toBe(404);
  });

  it("refuses a malformed answer with 422", async () => {
    const { body: session } = await client().start("general");
    const q = session.questions[0];
    for (const json of [
      { questionId: q?.id, option: 4 },
      { questionId: q?.id, option: 6 },
      { questionId: q?.id, option: "Canberra" },
      {},
    ]) {
      const res = await ctx.request(`/api/quizzes/sessions/${session.sessionId}/answers`, { json });
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
  });

  it("refuses answers to an expired session (404) and pays nothing", async () => {
    const user = await ctx.createVerifiedUser();
    const c = client(user.cookie);
    const { body: session } = await c.start("history");
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    await ctx.db
      .updateTable("quiz_sessions")
      .set({ created_at: hoursAgo(3), expires_at: hoursAgo(1) })
      .where("id", "=", session.sessionId)
      .execute();
    const q = session.questions[0];
    if (!q) throw new Error("no question");
    const res = await c.answer(session.sessionId, q.id, rightOption(q));
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).toMatch(/expired/);
    expect(await getBalance(ctx.db, user.id)).toBe(0);
  });
});

describe("a question removed from the content while a session is open", () => {
  it("answers 409 CONFLICT, not a server error", async () => {
    const own = await createTestContext();
    try {
      const user = await own.createVerifiedUser();
      const c = quizClient(own, user.cookie);
      const { body: session } = await c.start("general");
      const [first] = session.questions;
      if (!first) throw new Error("the session has no question");
      await own.db.deleteFrom("quiz_questions").where("id", "=", first.id).execute();
      const res = await own.api({ cookie: user.cookie }).quizzes.sessions[":sessionId"].answers.$post({
        param: { sessionId: session.sessionId },
        json: { questionId: first.id, option: 0 },
      });
      expect(res.status as number).toBe(409);
      expect(await errorCode(res)).toBe("CONFLICT");
    } finally {
      await own.close();
    }
  });
});
