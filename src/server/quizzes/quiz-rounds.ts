import type { QuizSessionView } from "~/core/api/quizzes";
import { utcDay } from "~/core/earning";
import { QUIZ_SESSION_TTL_MS } from "~/core/quiz/scoring";
import type { Database } from "../db/client";
import type { QuizSessionItem } from "../db/schema";

/**
 * What a round drew, and rounds a player comes back to (docs/product.md, "Quizzes" and "Content operations";
 * ADR 109). A round keeps the questions it drew — text, options, answer — in its `items`, so an editor's change
 * made while it is played reaches the next round, never this one.
 */

/** A drawn question as the round asks and grades it. */
export interface DrawnQuestion {
  questionId: string;
  optionOrder: number[];
  text: string;
  options: string[];
  answer: string;
  /** The explanation as drawn; null for none (and for rounds drawn before explanations were kept). */
  explanation: string | null;
}

/**
 * The round's questions. A round drawn before rounds kept what they drew (migration 0440) reads the missing
 * ones from the quiz as it is now; a question since removed is left out.
 */
export async function drawnQuestions(
  db: Database,
  items: readonly QuizSessionItem[],
): Promise<DrawnQuestion[]> {
  const missing = items.filter((i) => i.text === undefined).map((i) => i.questionId);
  const live =
    missing.length === 0
      ? []
      : await db
          .selectFrom("quiz_questions")
          .select(["id", "text", "options", "answer", "explanation"])
          .where("id", "in", missing)
          .execute();
  const byId = new Map(live.map((q) => [q.id, q]));
  return items.flatMap((item) => {
    if (item.text !== undefined && item.options && item.answer !== undefined)
      return [
        {
          ...item,
          text: item.text,
          options: item.options,
          answer: item.answer,
          explanation: item.explanation ?? null,
        },
      ];
    const q = byId.get(item.questionId);
    return q
      ? [{ ...item, text: q.text, options: q.options, answer: q.answer, explanation: q.explanation }]
      : [];
  });
}

/** The answers of a round so far, in the order given. */
export function answersOf(db: Database, sessionId: string) {
  return db
    .selectFrom("quiz_answers")
    .select(["question_id", "chosen", "correct"])
    .where("session_id", "=", sessionId)
    .orderBy("answered_at")
    .orderBy("question_id")
    .execute();
}

/**
 * The signed-in player's paid round of this quiz that is neither finished nor expired, if any. A round can be
 * answered for less than a day, so only the paid rounds of today and yesterday are looked at (the unique index on
 * user, quiz, paid day and slot).
 */
export function openPaidRound(db: Database, userId: string, quizId: string, now: Date) {
  return db
    .selectFrom("quiz_sessions")
    .select(["id", "items", "expires_at", "practice", "quiz_name", "reward_per_correct", "completion_bonus"])
    .where("user_id", "=", userId)
    .where("quiz_id", "=", quizId)
    .where("paid_day", ">=", utcDay(new Date(now.getTime() - QUIZ_SESSION_TTL_MS)))
    .where("completed_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The browser's view of a round: the drawn questions, options in the round's order, and what is answered. */
export function roundView(
  round: { sessionId: string; expiresAt: Date; practice: boolean; quiz: QuizSessionView["quiz"] },
  questions: readonly DrawnQuestion[],
  answered: readonly { question_id: string; correct: boolean }[],
): QuizSessionView {
  return {
    sessionId: round.sessionId,
    quiz: round.quiz,
    questions: questions.map((q) => ({
      id: q.questionId,
      text: q.text,
      options: q.optionOrder.map((k) => q.options[k] ?? ""),
    })),
    total: questions.length,
    expiresAt: round.expiresAt.toISOString(),
    practice: round.practice,
    given: answered.map((a) => a.question_id),
    score: answered.filter((a) => a.correct).length,
  };
}
