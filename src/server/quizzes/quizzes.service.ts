import { randomInt, randomUUID } from "node:crypto";
import type { AnswerResult, QuizIcon, QuizId, QuizSessionView, QuizSummary } from "~/core/api/quizzes";
import { utcDay } from "~/core/earning";
import {
  isQuizComplete,
  QUESTIONS_PER_QUIZ,
  QUIZ_SESSION_TTL_MS,
  quizScore,
  sessionCoins,
} from "~/core/quiz/scoring";
import { type RandomIndex, shuffle, shuffledIndices } from "~/core/quiz/shuffle";
import type { Database } from "../db/client";
import type { QuizSessionItem } from "../db/schema";
import { AppError } from "../errors";
import { earnedFrom } from "../ledger/ledger.service";
import { ledgerPolicy } from "../ledger/ledger-policy";
import { payAnswer } from "./quiz-payments";

/**
 * Server-graded quiz sessions (ADR 006). A session fixes which questions are asked, in which order, and
 * the order of each question's options; the browser gets texts only. Answers are graded here, recorded once
 * per (session, question) by the primary key, and paid through the ledger with keys bound to the session.
 */

/** Server-side randomness: `crypto.randomInt`, never `Math.random`. */
const cryptoIndex: RandomIndex = (n) => randomInt(n);

export async function listQuizzes(db: Database): Promise<QuizSummary[]> {
  const rows = await db
    .selectFrom("quizzes")
    .leftJoin("quiz_questions", "quiz_questions.quiz_id", "quizzes.id")
    .select(["quizzes.id", "quizzes.name", "quizzes.icon", "quizzes.description"])
    .select((eb) => eb.fn.count<number>("quiz_questions.id").as("questionCount"))
    .groupBy(["quizzes.id", "quizzes.name", "quizzes.icon", "quizzes.description", "quizzes.position"])
    .orderBy("quizzes.position")
    .execute();
  return rows.map((r) => toSummary(r, Number(r.questionCount)));
}

function toSummary(
  row: { id: string; name: string; icon: string; description: string },
  questionCount: number,
): QuizSummary {
  // The table's check constraint and the seed keep id and icon within these unions.
  return {
    id: row.id as QuizId,
    name: row.name,
    icon: row.icon as QuizIcon,
    description: row.description,
    questionCount,
  };
}

/**
 * The paid-session claim of a signed-in user's new session: one of the day's `perDay` slots of this quiz,
 * or null (practice) when all are taken. The unique index on (user, quiz, day, slot) makes two concurrent
 * starts unable to claim the same slot; the loser counts again.
 */
async function claimPaidSlot(
  db: Database,
  row: { id: string; quiz_id: string; user_id: string; items: string; created_at: Date; expires_at: Date },
  perDay: number,
): Promise<boolean> {
  const day = utcDay(row.created_at);
  for (let attempt = 0; attempt <= perDay; attempt++) {
    const taken = await db
      .selectFrom("quiz_sessions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", row.user_id)
      .where("quiz_id", "=", row.quiz_id)
      .where("paid_day", "=", day)
      .executeTakeFirstOrThrow();
    const slot = Number(taken.n) + 1;
    if (slot > perDay) return false;
    const inserted = await db
      .insertInto("quiz_sessions")
      .values({ ...row, practice: false, paid_day: day, paid_slot: slot })
      .onConflict((oc) => oc.columns(["user_id", "quiz_id", "paid_day", "paid_slot"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return true;
  }
  return false;
}

export async function startSession(
  db: Database,
  input: {
    quizId: QuizId;
    userId: string | null;
    randomIndex?: RandomIndex;
    now?: Date;
  },
): Promise<QuizSessionView> {
  const random = input.randomIndex ?? cryptoIndex;
  const quiz = await db
    .selectFrom("quizzes")
    .select(["id", "name", "icon", "description"])
    .where("id", "=", input.quizId)
    .executeTakeFirst();
  if (!quiz) throw new AppError("NOT_FOUND", "No such quiz.");
  const pool = await db
    .selectFrom("quiz_questions")
    .select(["id", "text", "options"])
    .where("quiz_id", "=", quiz.id)
    .orderBy("position")
    .execute();
  const picked = shuffle(pool, random).slice(0, QUESTIONS_PER_QUIZ);
  const items: QuizSessionItem[] = picked.map((q) => ({
    questionId: q.id,
    optionOrder: shuffledIndices(q.options.length, random),
  }));
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + QUIZ_SESSION_TTL_MS);
  const sessionId = randomUUID();
  const row = {
    id: sessionId,
    quiz_id: quiz.id,
    items: JSON.stringify(items),
    created_at: now,
    expires_at: expiresAt,
  };
  const paid =
    input.userId !== null &&
    (await claimPaidSlot(db, { ...row, user_id: input.userId }, ledgerPolicy(db).limits.quizSessionsPerDay));
  const practice = input.userId !== null && !paid;
  if (!paid)
    await db
      .insertInto("quiz_sessions")
      .values({ ...row, user_id: input.userId, practice })
      .execute();
  await deleteExpiredGuestSessions(db, now);
  return {
    sessionId,
    quiz: toSummary(quiz, pool.length),
    questions: picked.map((q, i) => ({
      id: q.id,
      text: q.text,
      options: (items[i]?.optionOrder ?? []).map((k) => q.options[k] ?? ""),
    })),
    total: items.length,
    expiresAt: expiresAt.toISOString(),
    practice,
  };
}

/** Guest sessions hold no earnings; a day after they expire they are removed, a bounded batch at a time. */
async function deleteExpiredGuestSessions(db: Database, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db
    .deleteFrom("quiz_sessions")
    .where(
      "id",
      "in",
      db
        .selectFrom("quiz_sessions")
        .select("id")
        .where("user_id", "is", null)
        .where("expires_at", "<", cutoff)
        .limit(100),
    )
    .execute();
}

async function loadSession(db: Database, sessionId: string, userId: string | null, now: Date) {
  const session = await db
    .selectFrom("quiz_sessions")
    .select(["id", "user_id", "items", "expires_at", "practice"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  // A guest's session and a user's session are invisible to each other.
  if (!session || session.user_id !== userId) throw new AppError("NOT_FOUND", "No such quiz session.");
  if (new Date(session.expires_at).getTime() <= now.getTime())
    throw new AppError("NOT_FOUND", "This quiz session has expired. Please start a new quiz.");
  return session;
}

async function sessionProgress(db: Database, sessionId: string) {
  const answers = await db
    .selectFrom("quiz_answers")
    .select(["question_id", "correct"])
    .where("session_id", "=", sessionId)
    .execute();
  return { answered: answers.length, score: quizScore(answers) };
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
  const item = session.items.find((i) => i.questionId === input.questionId);
  if (!item) throw new AppError("NOT_FOUND", "That question is not part of this quiz session.");
  const question = await db
    .selectFrom("quiz_questions")
    .select(["options", "answer"])
    .where("id", "=", input.questionId)
    .executeTakeFirst();
  // A question the content no longer has (removed at a start-up while this session was open).
  if (!question) throw new AppError("CONFLICT", "This quiz has changed. Please start it again.");
  const chosen = question.options[item.optionOrder[input.option] ?? -1];
  if (chosen === undefined) throw new AppError("VALIDATION_FAILED", "That option does not exist.");
  const correct = chosen === question.answer;
  const total = session.items.length;
  // A practice session is graded like any other and pays nothing.
  const payee = session.practice ? null : input.userId;

  const recorded = await db
    .insertInto("quiz_answers")
    .values({ session_id: session.id, question_id: input.questionId, chosen, correct })
    .onConflict((oc) => oc.columns(["session_id", "question_id"]).doNothing())
    .returning("question_id")
    .executeTakeFirst();

  if (!recorded) {
    // Answered before. Settle what the first answer earned (nothing, unless its payment was interrupted).
    if (payee) {
      const first = await db
        .selectFrom("quiz_answers")
        .select("correct")
        .where("session_id", "=", session.id)
        .where("question_id", "=", input.questionId)
        .executeTakeFirstOrThrow();
      const { answered } = await sessionProgress(db, session.id);
      await payAnswer(db, {
        userId: payee,
        sessionId: session.id,
        questionId: input.questionId,
        correct: first.correct,
        completed: isQuizComplete(answered, total),
        sessionToken: input.sessionToken,
      });
    }
    throw new AppError("CONFLICT", "You have already answered this question.");
  }

  const { answered, score } = await sessionProgress(db, session.id);
  const completed = isQuizComplete(answered, total);
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
        sessionToken: input.sessionToken,
      })
    : [];
  return {
    correct,
    correctAnswer: question.answer,
    score,
    answered,
    total,
    completed,
    earned: earnedFrom(paid),
    sessionCoins: sessionCoins({ score, completed, signedIn: payee !== null }),
    practice: session.practice,
  };
}
