import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { openTestDatabase } from "#tests/support/test-db";
import type { QuizSessionView } from "~/core/api/quizzes";
import type { DatabaseHandle } from "~/server/db/client";
import { getAllowance } from "../earning/earning.service";
import { getBalance } from "../ledger/ledger.service";
import { listHistory } from "../ledger/ledger-history";
import { quizContent } from "./content";
import { answerQuestion } from "./quiz-answers";
import { updateContentQuestion, updateContentQuiz } from "./quiz-content.service";
import { startSession } from "./quizzes.service";

/**
 * Rounds keep what they drew and survive leaving (docs/product.md, "Quizzes" and "Content operations"; ADR 109):
 * an edit made mid-round reaches the next round, never the one in play; a paid round left unfinished is given
 * back, where it stopped, until it expires.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const seeded = new Map(quizContent.flatMap((quiz) => quiz.questions).map((q) => [q.id, q]));
const seededAnswer = (id: string) => seeded.get(id)?.answer ?? "";
const pick = (q: { options: string[] }, text: string) => {
  const i = q.options.indexOf(text);
  if (i < 0) throw new Error(`${text} is not among ${q.options.join(", ")}`);
  return i;
};
const answer = (userId: string, session: QuizSessionView, questionId: string, option: number, now?: Date) =>
  answerQuestion(handle.db, {
    sessionId: session.sessionId,
    userId,
    questionId,
    option,
    ...(now ? { now } : {}),
  });
const DAY_MS = 24 * 60 * 60 * 1000;

describe("an edit while a player is mid-round", () => {
  it("grades the round against what it drew, keeps its name in history; the next round uses the new version", async () => {
    const player = await insertUserRow(handle.db);
    const editor = await insertUserRow(handle.db);
    const actor = { adminId: editor.id, requestId: null };
    const round = await startSession(handle.db, { quizId: "science", userId: player.id });
    const [q1, q2, q3, ...rest] = round.questions;
    if (!q1 || !q2 || !q3) throw new Error("no questions");
    for (const q of [q1, q2]) await answer(player.id, round, q.id, pick(q, seededAnswer(q.id)));

    // The editor renames the quiz and rewrites the third question: a new text, and another option is the answer.
    const drawn = seeded.get(q3.id);
    if (!drawn) throw new Error("unknown question");
    const newAnswer = drawn.options.find((o) => o !== drawn.answer) ?? "";
    const newOptions = [...drawn.options];
    const detail = await updateContentQuestion(
      handle.db,
      actor,
      { quizId: "science", questionId: q3.id },
      { text: "Rewritten: which is it now?", options: newOptions, answer: newAnswer },
    );
    const renamed = await updateContentQuiz(handle.db, actor, "science", { name: "Science Renamed" });
    expect(renamed.quiz.version).toBe(detail.quiz.version + 1);

    // This round: the drawn answer is still the right one and pays; the editor's answer would be a miss.
    const third = await answer(player.id, round, q3.id, pick(q3, drawn.answer));
    expect(third).toMatchObject({ correct: true, correctAnswer: drawn.answer, earned: { amount: 10 } });
    let last = third;
    for (const q of rest) last = await answer(player.id, round, q.id, pick(q, seededAnswer(q.id)));
    expect(last).toMatchObject({ completed: true, score: 10, sessionCoins: 110 });
    expect(last.review?.find((r) => r.questionId === q3.id)).toMatchObject({
      text: drawn.text,
      answer: drawn.answer,
      correct: true,
    });
    expect(await getBalance(handle.db, player.id)).toBe(110);

    // The history line keeps the name the round was played under; one row per cause key, none changed.
    const history = await listHistory(handle.db, player.id, { limit: 10 });
    expect(history.entries.map((l) => l.reason)).toEqual(["Science Facts: 10 correct +100, completion +10"]);
    const keys = await handle.db
      .selectFrom("coin_ledger")
      .select("cause_key")
      .where("user_id", "=", player.id)
      .execute();
    expect(new Set(keys.map((k) => k.cause_key)).size).toBe(11);

    // The next round draws from the new version: its name, the new text, graded against the new answer.
    const next = await startSession(handle.db, { quizId: "science", userId: player.id });
    expect(next.quiz.name).toBe("Science Renamed");
    const rewritten = next.questions.find((q) => q.id === q3.id);
    expect(rewritten?.text).toBe("Rewritten: which is it now?");
    if (!rewritten) throw new Error("the rewritten question was not drawn");
    const graded = await answer(player.id, next, rewritten.id, pick(rewritten, drawn.answer));
    expect(graded.correct).toBe(false);
    const stored = await handle.db
      .selectFrom("quiz_sessions")
      .select(["quiz_version", "quiz_name"])
      .where("id", "in", [round.sessionId, next.sessionId])
      .orderBy("created_at")
      .execute();
    expect(stored).toEqual([
      { quiz_version: detail.quiz.version - 1, quiz_name: "Science Facts" },
      { quiz_version: renamed.quiz.version, quiz_name: "Science Renamed" },
    ]);
  });
});

describe("a paid round left unfinished", () => {
  it("is given back where it stopped until it expires, and the allowance says how far it got", async () => {
    // On a clock of its own, yesterday from noon UTC: the round and its expiry fall in one UTC day (a round started
    // within QUIZ_SESSION_TTL_MS of midnight expires in the next day, whose first round is paid again).
    const noon = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS / 2);
    const at = (seconds: number) => new Date(noon.getTime() + seconds * 1000);
    const player = await insertUserRow(handle.db);
    const first = await startSession(handle.db, { quizId: "history", userId: player.id, now: noon });
    const [q1, q2] = first.questions;
    if (!q1 || !q2) throw new Error("no questions");
    await answer(player.id, first, q1.id, pick(q1, seededAnswer(q1.id)), at(1));
    await answer(player.id, first, q2.id, (pick(q2, seededAnswer(q2.id)) + 1) % q2.options.length, at(2));

    const allowance = await getAllowance(handle.db, player.id, at(3));
    expect(allowance.quizzes.find((q) => q.quizId === "history")).toMatchObject({
      left: 0,
      round: { sessionId: first.sessionId, answered: 2, total: 10, expiresAt: first.expiresAt },
    });
    expect(allowance.quizzes.find((q) => q.quizId === "general")?.round).toBeNull();

    const again = await startSession(handle.db, { quizId: "history", userId: player.id, now: at(4) });
    expect(again).toMatchObject({
      sessionId: first.sessionId,
      practice: false,
      given: [q1.id, q2.id],
      score: 1,
      expiresAt: first.expiresAt,
    });
    expect(again.questions).toEqual(first.questions);

    // Once it has expired, a new start is a new round (practice: the day's paid round was that one).
    const later = new Date(new Date(first.expiresAt).getTime() + 1000);
    expect((await getAllowance(handle.db, player.id, later)).quizzes.every((q) => q.round === null)).toBe(
      true,
    );
    const after = await startSession(handle.db, { quizId: "history", userId: player.id, now: later });
    expect(after.sessionId).not.toBe(first.sessionId);
    expect(after).toMatchObject({ practice: true, given: [], score: 0 });
  });

  it("is not offered once finished, and a guest's round is never given back", async () => {
    const player = await insertUserRow(handle.db);
    const round = await startSession(handle.db, { quizId: "general", userId: player.id });
    for (const q of round.questions) await answer(player.id, round, q.id, pick(q, seededAnswer(q.id)));
    expect((await getAllowance(handle.db, player.id)).quizzes.every((q) => q.round === null)).toBe(true);
    const next = await startSession(handle.db, { quizId: "general", userId: player.id });
    expect(next.sessionId).not.toBe(round.sessionId);
    const guest = await startSession(handle.db, { quizId: "general", userId: null });
    const guestAgain = await startSession(handle.db, { quizId: "general", userId: null });
    expect(guestAgain.sessionId).not.toBe(guest.sessionId);
  });
});

describe("a pool larger than a round", () => {
  it("draws 10 different questions of the 15 for each round, records them, and reaches every question", async () => {
    await handle.db
      .insertInto("quizzes")
      .values({
        id: "pool-of-15",
        name: "Pool",
        icon: "globe",
        description: "Fifteen questions.",
        position: 99,
      })
      .execute();
    const pool = Array.from({ length: 15 }, (_, i) => ({
      id: `pool-q${i}`,
      quiz_id: "pool-of-15",
      position: i,
      text: `Question number ${i}?`,
      options: [`Right ${i}`, `Wrong ${i}`],
      answer: `Right ${i}`,
    }));
    for (const q of pool) await handle.db.insertInto("quiz_questions").values(q).execute();
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const round = await startSession(handle.db, { quizId: "pool-of-15", userId: null });
      expect(round.total).toBe(10);
      expect(round.quiz.questionCount).toBe(15);
      const ids = round.questions.map((q) => q.id);
      expect(new Set(ids).size).toBe(10);
      for (const id of ids) seen.add(id);
      const stored = await handle.db
        .selectFrom("quiz_sessions")
        .select("items")
        .where("id", "=", round.sessionId)
        .executeTakeFirstOrThrow();
      expect(stored.items.map((item) => [item.questionId, item.text, item.answer])).toEqual(
        ids.map((id) => {
          const q = pool.find((p) => p.id === id);
          return [id, q?.text, q?.answer];
        }),
      );
    }
    // 12 rounds of 10 from 15: a given question is missed by all with chance (1/3)^12; any of 15, < 0.003 %.
    expect(seen.size).toBe(15);
  });
});
