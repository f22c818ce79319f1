import { expect } from "vitest";
import type { AnswerResult, QuizId } from "~/core/api/quizzes";
import { type QuestionContent, quizContent } from "~/server/quizzes/content";
import type { TestContext } from "./test-app";

/** Quiz players for API tests, and the check that no answer leaks before it is given. */

export const questionsById = new Map(quizContent.flatMap((quiz) => quiz.questions).map((q) => [q.id, q]));
export const contentOf = (id: string): QuestionContent => {
  const question = questionsById.get(id);
  if (!question) throw new Error(`unknown question ${id}`);
  return question;
};

/** Every response body the client saw, in order, with the questions still unanswered when it arrived. */
export interface Seen {
  path: string;
  status: number;
  body: unknown;
  unanswered: Set<string>;
  /** The question this response grades, for answer responses. */
  graded?: string;
}

/**
 * The quiz API as a player (a guest without `cookie`) calls it, through the typed client, recording every
 * answer it sees (`seen`) for `assertNoLeak`. Bodies are typed as the success; a refusal's body is its error.
 */
export function quizClient(ctx: TestContext, cookie?: string) {
  const seen: Seen[] = [];
  let unanswered = new Set<string>();
  const quizzes = () => ctx.api({ cookie }).quizzes;
  async function call<T>(
    path: string,
    request: Promise<{ status: number; json(): Promise<T> }>,
    graded?: string,
  ) {
    const res = await request;
    const status: number = res.status;
    const body = await res.json();
    if (graded && status === 200) unanswered.delete(graded);
    seen.push({ path, status, body, unanswered: new Set(unanswered), graded });
    return { status, body };
  }
  return {
    seen,
    list: () => call("/api/quizzes", quizzes().$get()),
    async start(quizId: QuizId) {
      const path = `/api/quizzes/${quizId}/sessions`;
      const res = await call(path, quizzes()[":quizId"].sessions.$post({ param: { quizId } }));
      if (res.status === 201) {
        unanswered = new Set(res.body.questions.map((q) => q.id));
        const last = seen.at(-1);
        if (last) last.unanswered = new Set(unanswered);
      }
      return res;
    },
    answer: (sessionId: string, questionId: string, option: number) =>
      call(
        `/api/quizzes/sessions/${sessionId}/answers`,
        quizzes().sessions[":sessionId"].answers.$post({
          param: { sessionId },
          json: { questionId, option },
        }),
        questionId,
      ),
  };
}

export const optionIndex = (options: string[], text: string) => {
  const i = options.indexOf(text);
  if (i < 0) throw new Error(`${text} is not among ${options.join(", ")}`);
  return i;
};
export const rightOption = (q: { id: string; options: string[] }) =>
  optionIndex(q.options, contentOf(q.id).answer);
export const wrongOption = (q: { id: string; options: string[] }) =>
  q.options.findIndex((o) => o !== contentOf(q.id).answer);

export const MARKER_KEY = /answer|correct|solution|right|key|truth/i;
export const ANSWER_RESULT_KEYS = [
  "answered",
  "completed",
  "correct",
  "correctAnswer",
  "earned",
  "practice",
  "review",
  "score",
  "sessionCoins",
  "total",
];

/**
 * Fails if a body gives away the answer of a question not yet answered, or a missed one's before the round ends:
 * no key that could mark an answer (except the answer result's own fields, which grade the question just
 * answered, and the review of a finished round), and no string equal to
 * an unanswered question's answer anywhere except inside a question's list of four options.
 */
export function assertNoLeak(entry: Seen) {
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
        // The earned coins, and the review the round's last answer brings (every question is answered then).
        const allowed =
          isAnswerResult || (path.length >= 1 && (path[0] === "earned" || path[0] === "review"));
        if (!allowed) expect(MARKER_KEY.test(k), `${where}: key ${[...path, k].join(".")}`).toBe(false);
        walk(v, [...path, k], k === "options");
      }
    }
  };
  walk(entry.body, [], false);
  if (entry.graded && entry.status === 200) {
    // A miss keeps its answer until the round's end (docs/product.md, "Quizzes").
    const body = entry.body as AnswerResult;
    const told = body.correct || body.completed;
    expect(body.correctAnswer, where).toBe(told ? contentOf(entry.graded).answer : null);
    expect(body.review === null, where).toBe(!body.completed);
  }
}
