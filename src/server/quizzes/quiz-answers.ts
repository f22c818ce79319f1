import type { AnswerResult, RoundReviewItem } from "~/core/api/quizzes";
import { isQuizComplete, type QuizTerms, quizScore, quizTerms, sessionCoins } from "~/core/quiz/scoring";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { earnedFrom } from "../ledger/ledger.service";
import { payAnswer } from "./quiz-payments";
import { answersOf, type DrawnQuestion, drawnQuestions } from "./quiz-rounds";

/**
 * Grading a round's answers (ADR 006, ADR 109): against the question as the round drew it, whatever an editor has
 * changed since; each answer recorded once per (session, question) by the primary key and paid through the ledger
 * with keys bound to the session. A miss does not tell the answer: the round's last answer brings the review of
 * every question with its answer (docs/product.md, "Quizzes").
 */

async function loadSession(db: Database, sessionId: string, userId: string | null, now: Date) {
  const session = await db
    .selectFrom("quiz_sessions")
    .select(["id", "user_id", "items", "expires_at", "practice", "reward_per_correct", "completion_bonus"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  // A guest's session and a user's session are invisible to each other.
  if (!session || session.user_id !== userId) throw new AppError("NOT_FOUND", "No such quiz session.");
  if (new Date(session.expires_at).getTime() <= now.getTime())
    throw new AppError("NOT_FOUND", "This quiz session has expired. Please start a new quiz.");
  return session;
}

async function stillInPool(db: Database, questionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("quiz_questions")
    .select("id")
    .where("id", "=", questionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every question of a finished round, in the order asked, with the player's choice and the answer. */
function reviewOf(
  questions: readonly DrawnQuestion[],
  answers: readonly { question_id: string; chosen: string; correct: boolean }[],
): RoundReviewItem[] {
  const byId = new Map(answers.map((a) => [a.question_id, a]));
  return questions.map((q) => ({
    questionId: q.questionId,
    text: q.text,
    chosen: byId.get(q.questionId)?.chosen ?? "",
    answer: q.answer,
    correct: byId.get(q.questionId)?.correct ?? false,
    explanation: q.explanation ?? null,
  }));
}

/** An answer given again: settles what the first one earned (nothing, unless its payment was interrupted). */
async function settleRepeat(
  db: Database,
  input: { payee: string | null; sessionId: string; questionId: string; total: number; terms: QuizTerms },
  sessionToken: string | null | undefined,
): Promise<never> {
  if (input.payee) {
    const answers = await answersOf(db, input.sessionId);
    const first = answers.find((a) => a.question_id === input.questionId);
    await payAnswer(db, {
      userId: input.payee,
      sessionId: input.sessionId,
      questionId: input.questionId,
      correct: first?.correct ?? false,
      completed: isQuizComplete(answers.length, input.total),
      terms: input.terms,
      sessionToken,
    });
  }
  throw new AppError("CONFLICT", "You have already answered this question.");
}

export async function answerQuestion(
  db: Database,
  input: {
    sessionId: string;
    userId: string | null;
    questionId: string;
    option: number;
    /** The session the request acts through (looked at again under the award's lock). */
    sessionToken?: string | null;
    now?: Date;
  },
): Promise<AnswerResult> {
  const now = input.now ?? new Date();
  const session = await loadSession(db, input.sessionId, input.userId, now);
  if (!session.items.some((i) => i.questionId === input.questionId))
    throw new AppError("NOT_FOUND", "That question is not part of this quiz session.");
  const questions = await drawnQuestions(db, session.items);
  const question = questions.find((q) => q.questionId === input.questionId);
  // A question removed from the quiz since the round drew it (only one never answered can be): its answer
  // cannot be recorded.
  if (!question || !(await stillInPool(db, input.questionId)))
    throw new AppError("CONFLICT", "This quiz has changed. Please start it again.");
  const chosen = question.options[question.optionOrder[input.option] ?? -1];
  if (chosen === undefined) throw new AppError("VALIDATION_FAILED", "That option does not exist.");
  const correct = chosen === question.answer;
  const total = session.items.length;
  // A practice session is graded like any other and pays nothing.
  const payee = session.practice ? null : input.userId;
  const terms = quizTerms({ perCorrect: session.reward_per_correct, bonus: session.completion_bonus });

  const recorded = await db
    .insertInto("quiz_answers")
    .values({ session_id: session.id, question_id: input.questionId, chosen, correct })
    .onConflict((oc) => oc.columns(["session_id", "question_id"]).doNothing())
    .returning("question_id")
    .executeTakeFirst();
  if (!recorded)
    return settleRepeat(
      db,
      { payee, sessionId: session.id, questionId: input.questionId, total, terms },
      input.sessionToken,
    );

  const answers = await answersOf(db, session.id);
  const score = quizScore(answers);
  const completed = isQuizComplete(answers.length, total);
  if (completed)
    await db
      .updateTable("quiz_sessions")
      .set({ completed_at: now })
      .where("id", "=", session.id)
      .where("completed_at", "is", null)
      .execute();
  const paid = payee
    ? await payAnswer(db, {
        userId: payee,
        sessionId: session.id,
        questionId: input.questionId,
        correct,
        completed,
        terms,
        sessionToken: input.sessionToken,
      })
    : [];
  return {
    correct,
    correctAnswer: correct || completed ? question.answer : null,
    score,
    answered: answers.length,
    total,
    completed,
    earned: earnedFrom(paid),
    sessionCoins: sessionCoins({ score, completed, signedIn: payee !== null, terms }),
    practice: session.practice,
    review: completed ? reviewOf(questions, answers) : null,
  };
}
