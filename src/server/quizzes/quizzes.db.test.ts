import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import type { AnswerResult, QuizSessionView, QuizSummary } from "~/core/quiz/api";
import { getBalance } from "../ledger/ledger.service";
import { type QuestionContent, quizContent } from "./content";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const questionsById = new Map(quizContent.flatMap((quiz) => quiz.questions).map((q) => [q.id, q]));
const contentOf = (id: string): QuestionContent => {
  const question = questionsById.get(id);
  if (!question) throw new Error(`unknown question ${id}`);
  return question;
};

/** Every response body the client saw, in order, with the questions still unanswered when it arrived. */
interface Seen {
  path: string;
  status: number;
  body: unknown;
  unanswered: Set<string>;
  /** The question this response grades, for answer responses. */
  graded?: string;
}

function client(cookie?: string) {
  const seen: Seen[] = [];
  let unanswered = new Set<string>();
  async function call<T>(path: string, json?: unknown, graded?: string) {
    const res = await ctx.request(path, { cookie, json, method: json === undefined ? "GET" : "POST" });
    const body = (await res.json()) as T;
    if (graded && res.status === 200) unanswered.delete(graded);
    seen.push({ path, status: res.status, body, unanswered: new Set(unanswered), graded });
    return { status: res.status, body };
  }
  return {
    seen,
    list: () => call<{ quizzes: QuizSummary[] }>("/api/quizzes"),
    async start(quizId: string) {
      const res = await call<QuizSessionView>(`/api/quizzes/${quizId}/sessions`, {});
      if (res.status === 201) {
        unanswered = new Set(res.body.questions.map((q) => q.id));
        const last = seen.at(-1);
        if (last) last.unanswered = new Set(unanswered);
      }
      return res;
    },
    answer: (sessionId: string, questionId: string, option: number) =>
      call<AnswerResult>(`/api/quizzes/sessions/${sessionId}/answers`, { questionId, option }, questionId),
  };
}

const optionIndex = (options: string[], text: string) => {
  const i = options.indexOf(text);
  if (i < 0) throw new Error(`${text} is not among ${options.join(", ")}`);
  return i;
};
const rightOption = (q: { id: string; options: string[] }) => optionIndex(q.options, contentOf(q.id).answer);
const wrongOption = (q: { id: string; options: string[] }) =>
  q.options.findIndex((o) => o !== contentOf(q.id).answer);

const MARKER_KEY = /answer|correct|solution|right|key|truth/i;
const ANSWER_RESULT_KEYS = [
  "answered",
  "completed",
  "correct",
  "correctAnswer",
  "earned",
  "practice",
  "score",
  "sessionCoins",
  "total",
];

/**
 * Fails if a body gives away the answer of a question not yet answered: no key that could mark an answer
 * (except the answer result's own fields, which grade the question just answered), and no string equal to
 * an unanswered question's answer anywhere except inside a question's list of four options.
 */
function assertNoLeak(entry: Seen) {
  const where = `${entry.path} → ${entry.status}`;
  const forbidden = new Set([...entry.unanswered].map((id) => contentOf(id).answer));
  const walk = (value: unknown, path: string[], insideOptions: boolean) => {
    if (typeof value === "string") {
      if (!insideOptions) expect(forbidden.has(value), `${where}: ${path.join(".")} = ${value}`).toBe(false);
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, [...path, String(i)], insideOptions);
      return;
    }
    if (value && typeof value === "object") {
      const isAnswerResult = entry.graded !== undefined && entry.status === 200 && path.length === 0;
      if (isAnswerResult) expect(Object.keys(value).sort(), where).toEqual(ANSWER_RESULT_KEYS);
      for (const [k, v] of Object.entries(value)) {
        const allowed = isAnswerResult || (path.length === 1 && path[0] === "earned");
        if (!allowed) expect(MARKER_KEY.test(k), `${where}: key ${[...path, k].join(".")}`).toBe(false);
        walk(v, [...path, k], k === "options");
      }
    }
  };
  walk(entry.body, [], false);
  if (entry.graded && entry.status === 200) {
    const body = entry.body as AnswerResult;
    expect(body.correctAnswer, where).toBe(contentOf(entry.graded).answer);
  }
}

async function ledgerRows(userId: string) {
  return ctx.db
    .selectFrom("coin_ledger")
    .select(["kind", "amount", "cause_key"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

describe("GET /api/quizzes", () => {
  it("lists the three quizzes with 10 questions each and no answers", async () => {
    const c = client();
    const { status, body } = await c.list();
    expect(status).toBe(200);
    expect(body.quizzes).toEqual(
      quizContent.map((quiz) => ({
        id: quiz.id,
        name: quiz.name,
        icon: quiz.icon,
        description: quiz.description,
        questionCount: 10,
      })),
    );
    for (const entry of c.seen) assertNoLeak(entry);
  });
});

describe("POST /api/quizzes/:quizId/sessions", () => {
  it("starts a session with all 10 questions, each with its 4 options, and nothing marking the answer", async () => {
    for (const quiz of quizContent) {
      const c = client();
      const { status, body } = await c.start(quiz.id);
      expect(status).toBe(201);
      expect(body.total).toBe(10);
      expect(body.quiz).toMatchObject({ id: quiz.id, name: quiz.name, questionCount: 10 });
      expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(119 * 60 * 1000);
      expect(body.questions.map((q) => q.id).sort()).toEqual(quiz.questions.map((q) => q.id).sort());
      for (const q of body.questions) {
        expect(Object.keys(q).sort()).toEqual(["id", "options", "text"]);
        expect([...q.options].sort()).toEqual([...contentOf(q.id).options].sort());
      }
      assertNoLeak(c.seen[0] as Seen);
    }
  });

  it("shuffles question order and option order, so the answer's position tells nothing", async () => {
    const positions = new Map<string, Set<number>>();
    const orders = new Set<string>();
    const overall = [0, 0, 0, 0];
    for (let i = 0; i < 24; i++) {
      const { body } = await client().start("science");
      orders.add(body.questions.map((q) => q.id).join());
      for (const q of body.questions) {
        const at = rightOption(q);
        overall[at] = (overall[at] ?? 0) + 1;
        positions.set(q.id, (positions.get(q.id) ?? new Set()).add(at));
      }
    }
    expect(orders.size).toBeGreaterThan(1);
    for (const [id, seen] of positions) expect(seen.size, id).toBeGreaterThan(1);
    // 240 answers over 4 positions: each expects 60; a fixed or skewed position would fail this.
    for (const count of overall) expect(count).toBeGreaterThan(25);
  });

  it("answers 404 for an unknown quiz", async () => {
    for (const id of ["sports", "GENERAL", "general%20"]) {
      const res = await ctx.request(`/api/quizzes/${id}/sessions`, { method: "POST", json: {} });
      expect(res.status, id).toBe(404);
      expect((await res.json()).error.code).toBe("NOT_FOUND");
    }
  });
});

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
            }
          : {
              amount: 10,
              reason: "Quiz correct answer",
              balance: 10 * (i + 1),
              entryId: expect.any(Number),
              referralBonus: 0,
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

  it("signed in, grades wrong answers with the correct answer text and pays only right ones plus the bonus", async () => {
    const user = await ctx.createVerifiedUser();
    const c = client(user.cookie);
    const { body: session } = await c.start("history");
    const results: AnswerResult[] = [];
    for (const [i, q] of session.questions.entries()) {
      const option = i % 2 === 0 ? rightOption(q) : wrongOption(q);
      const { body } = await c.answer(session.sessionId, q.id, option);
      expect(body.correct).toBe(i % 2 === 0);
      expect(body.correctAnswer).toBe(contentOf(q.id).answer);
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
    });
    expect(await getBalance(ctx.db, user.id)).toBe(60);
    expect(await ledgerRows(user.id)).toHaveLength(6);
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
    expect((retry.body as unknown as { error: { code: string } }).error.code).toBe("CONFLICT");
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
        const res = await ctx.request(`/api/quizzes/sessions/${session.sessionId}/answers`, {
          cookie: user.cookie,
          json: { questionId: q.id, option: rightOption(q) },
        });
        return res.status;
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
    for (const json of [{ questionId: q?.id, option: 4 }, { questionId: q?.id, option: "Canberra" }, {}]) {
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
