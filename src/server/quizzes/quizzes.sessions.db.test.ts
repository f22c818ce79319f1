import { describe, expect, it } from "vitest";
import { contextForFile } from "#tests/support/made-before-all";
import { assertNoLeak, contentOf, quizClient, rightOption } from "#tests/support/quiz-client";
import { errorCode } from "#tests/support/typed-client";
import { quizContent } from "./content";

/** The quiz list and starting sessions: every question, shuffled, nothing marking the answer. */
const ctx = contextForFile();

const client = (cookie?: string) => quizClient(ctx, cookie);

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
        category: quiz.category,
        description: quiz.description,
        questionCount: 10,
        // The spec's terms: 10 coins a correct answer, a 10-coin completion bonus.
        reward: 10,
        completionBonus: 10,
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
      const [entry] = c.seen;
      if (!entry) throw new Error("nothing seen");
      assertNoLeak(entry);
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
      expect(await errorCode(res)).toBe("NOT_FOUND");
    }
  });
});
