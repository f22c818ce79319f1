/**
 * The learning quiz farmer of `npm run bench:farming`: a script that knows none of the answers, remembers every
 * answer the server has shown it, and answers from memory when it can, guessing otherwise. The server shows an
 * answer when it is answered right, and every answer of a round on the round's last answer — paid and practice
 * rounds alike (docs/product.md, "Quizzes"; src/server/quizzes/quiz-answers.ts). Its quizzes are imported for
 * the run with pools of 3 × 10 questions, so a round draws a third of the pool.
 */

import type { AnswerResult, QuizSessionView } from "~/core/api/quizzes";
import { QUESTIONS_PER_QUIZ } from "~/core/quiz/scoring";
import type { ApiClient, TestUser } from "../tests/support/factories";

/** Questions in each imported quiz's pool. */
export const POOL_SIZE = 3 * QUESTIONS_PER_QUIZ;
/** Quizzes imported for the farmer: as many as the seeded ones it stands beside. */
export const LEARNED_QUIZZES = 3;

/** What the script has seen: question id → the text of its right answer. */
export type Memory = Map<string, string>;

/** A JSON file of `POOL_SIZE` questions whose texts say nothing of their answers. */
function poolFile(quiz: number): File {
  const letters = ["Amber", "Birch", "Cobalt", "Dune"];
  const questions = Array.from({ length: POOL_SIZE }, (_, i) => ({
    question: `Farming pool ${quiz}, question ${i + 1}: which word was chosen?`,
    options: letters,
    answer: letters[(i * 7 + quiz * 3) % letters.length],
  }));
  return new File([JSON.stringify(questions)], "pool.json", { type: "application/json" });
}

/** Imports and publishes the farmer's quizzes (POST /api/admin/quizzes/import, then …/publish) as `admin`; their ids. */
export async function importPools(api: ApiClient, admin: TestUser): Promise<string[]> {
  const ids: string[] = [];
  for (let quiz = 1; quiz <= LEARNED_QUIZZES; quiz++) {
    const form = new FormData();
    form.set("name", `Farming pool ${quiz}`);
    form.set("file", poolFile(quiz));
    const res = await api.request("/api/admin/quizzes/import", {
      method: "POST",
      cookie: admin.cookie,
      form,
    });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`the import answered ${res.status}: ${body.slice(0, 300)}`);
    const id = (JSON.parse(body) as { quiz: { id: string } }).quiz.id;
    // An imported quiz is a draft until it is published (docs/product.md, "Quiz states").
    const published = await api.request(`/api/admin/quizzes/${encodeURIComponent(id)}/publish`, {
      method: "POST",
      cookie: admin.cookie,
      json: {},
    });
    if (published.status !== 200)
      throw new Error(`publishing answered ${published.status}: ${(await published.text()).slice(0, 300)}`);
    ids.push(id);
  }
  return ids;
}

export interface RoundPlayed {
  practice: boolean;
  /** Answers given from memory, and how many of the round's answers were right. */
  fromMemory: number;
  right: number;
  completed: boolean;
}

/** The option to choose: the remembered answer, else a guess. */
function choose(memory: Memory, question: QuizSessionView["questions"][number]): number {
  const known = memory.get(question.id);
  const index = known === undefined ? -1 : question.options.indexOf(known);
  return index >= 0 ? index : Math.floor(Math.random() * question.options.length);
}

/** Plays one round of `quizId` (the server decides paid or practice), learning what it shows. */
export async function playRound(
  api: ApiClient,
  user: TestUser,
  quizId: string,
  memory: Memory,
  until = Number.POSITIVE_INFINITY,
): Promise<RoundPlayed> {
  const res = await api.request(`/api/quizzes/${quizId}/sessions`, { method: "POST", cookie: user.cookie });
  if (res.status !== 201) throw new Error(`starting a round answered ${res.status}: ${await res.text()}`);
  const session = (await res.json()) as QuizSessionView;
  const played: RoundPlayed = {
    practice: session.practice,
    fromMemory: 0,
    right: 0,
    completed: false,
  };
  for (const question of session.questions.filter((q) => !session.given.includes(q.id))) {
    if (Date.now() >= until) break;
    if (memory.has(question.id)) played.fromMemory++;
    const answered = await api.request(`/api/quizzes/sessions/${session.sessionId}/answers`, {
      method: "POST",
      cookie: user.cookie,
      json: { questionId: question.id, option: choose(memory, question) },
    });
    if (answered.status !== 200) throw new Error(`an answer was refused: ${answered.status}`);
    const result = (await answered.json()) as AnswerResult;
    if (result.correctAnswer !== null) memory.set(question.id, result.correctAnswer);
    for (const item of result.review ?? []) memory.set(item.questionId, item.answer);
    played.right = result.score;
    played.completed = result.completed;
  }
  return played;
}

export interface LearnedFarming {
  /** The first day: paid rounds and their right answers, practice rounds played. */
  firstDay: { paidRounds: number; paidRight: number; practiceRounds: number };
  /** Answers known at the end of the first day, of `LEARNED_QUIZZES × POOL_SIZE`. */
  known: number;
  /** The practice round (counted over all quizzes) after which every answer was known; null if never. */
  allKnownAfter: number | null;
  /** A later day from the same memory: paid rounds, answers given from memory, answers right. */
  laterDay: { paidRounds: number; fromMemory: number; right: number };
}

/**
 * The first day: every quiz in turn — its paid rounds first (the server decides), then practice rounds while
 * some answer is still unknown — until `until`.
 */
export async function farmFirstDay(
  api: ApiClient,
  user: TestUser,
  quizIds: readonly string[],
  memory: Memory,
  until: number,
): Promise<Omit<LearnedFarming, "laterDay">> {
  const day = { paidRounds: 0, paidRight: 0, practiceRounds: 0 };
  let allKnownAfter: number | null = null;
  const learning = () => Date.now() < until && memory.size < quizIds.length * POOL_SIZE;
  while (learning()) {
    for (const quizId of quizIds) {
      if (!learning()) break;
      const round = await playRound(api, user, quizId, memory, until);
      if (round.practice) day.practiceRounds++;
      else {
        day.paidRounds++;
        day.paidRight += round.right;
      }
      if (allKnownAfter === null && memory.size === quizIds.length * POOL_SIZE)
        allKnownAfter = day.practiceRounds;
    }
  }
  return { firstDay: day, known: memory.size, allKnownAfter };
}

/**
 * A later day: each quiz's paid rounds, answered from memory. `user` is a second account: the limits count per
 * account and UTC day, and nothing else in a round's pay depends on the account, so to the server this is the
 * first account's next day.
 */
export async function farmLaterDay(
  api: ApiClient,
  user: TestUser,
  quizIds: readonly string[],
  memory: Memory,
): Promise<LearnedFarming["laterDay"]> {
  const day = { paidRounds: 0, fromMemory: 0, right: 0 };
  for (const quizId of quizIds) {
    for (;;) {
      // A practice round pays nothing: once the server gives one, the quiz's paid rounds are over.
      const round = await playRound(api, user, quizId, memory);
      if (round.practice) break;
      day.paidRounds++;
      day.fromMemory += round.fromMemory;
      day.right += round.right;
    }
  }
  return day;
}
