import { randomInt, randomUUID } from "node:crypto";
import type { QuizId, QuizSessionView, QuizSummary } from "~/core/api/quizzes";
import { utcDay } from "~/core/earning";
import { QUESTIONS_PER_QUIZ, QUIZ_SESSION_TTL_MS, quizTerms } from "~/core/quiz/scoring";
import { type RandomIndex, shuffle, shuffledIndices } from "~/core/quiz/shuffle";
import type { Database } from "../db/client";
import { quizIsLive } from "../db/live-quizzes";
import type { QuizSessionItem } from "../db/schema";
import { AppError } from "../errors";
import { ledgerPolicy } from "../ledger/ledger-policy";
import { answersOf, drawnQuestions, openPaidRound, roundView } from "./quiz-rounds";

/**
 * Server-graded quiz sessions (ADR 006, ADR 109). A session fixes which questions are asked, in which order, and
 * the order of each question's options, and keeps the questions as drawn; the browser gets texts only. Answers
 * are graded (./quiz-answers.ts) against what the round drew.
 */

/** Server-side randomness: `crypto.randomInt`, never `Math.random`. */
const cryptoIndex: RandomIndex = (n) => randomInt(n);

/** The quizzes a player sees at `now`: the live ones (ADR 115), read per request, so a change shows at once. */
export async function listQuizzes(db: Database, now = new Date()): Promise<QuizSummary[]> {
  const rows = await db
    .selectFrom("quizzes")
    .leftJoin("quiz_questions", (join) =>
      join.onRef("quiz_questions.quiz_id", "=", "quizzes.id").on("quiz_questions.removed_at", "is", null),
    )
    .select([
      "quizzes.id",
      "quizzes.name",
      "quizzes.icon",
      "quizzes.category",
      "quizzes.description",
      "quizzes.reward_per_correct",
      "quizzes.completion_bonus",
    ])
    .where(quizIsLive(now))
    .select((eb) => eb.fn.count<number>("quiz_questions.id").as("questionCount"))
    .groupBy(["quizzes.id", "quizzes.position"])
    .orderBy("quizzes.position")
    .execute();
  return rows.map((r) => toSummary(r, Number(r.questionCount)));
}

function toSummary(
  row: {
    id: string;
    name: string;
    icon: string;
    category: string;
    description: string;
    reward_per_correct: number | null;
    completion_bonus: number | null;
  },
  questionCount: number,
): QuizSummary {
  const terms = quizTerms({ perCorrect: row.reward_per_correct, bonus: row.completion_bonus });
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    category: row.category,
    description: row.description,
    questionCount,
    reward: terms.perCorrect,
    completionBonus: terms.bonus,
  };
}

const termsOf = (terms: { perCorrect: number; bonus: number }) => ({
  reward: terms.perCorrect,
  completionBonus: terms.bonus,
});

/**
 * The paid-session claim of a signed-in user's new session: one of the day's `perDay` slots of this quiz,
 * or null (practice) when all are taken. The unique index on (user, quiz, day, slot) makes two concurrent
 * starts unable to claim the same slot; the loser counts again.
 */
async function claimPaidSlot(
  db: Database,
  row: {
    id: string;
    quiz_id: string;
    user_id: string;
    items: string;
    created_at: Date;
    expires_at: Date;
    quiz_version: number;
    quiz_name: string;
    reward_per_correct: number;
    completion_bonus: number;
  },
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

/**
 * A quiz as a round starts it, with the size of its pool. A draft, scheduled or retired quiz starts no round
 * (404, as a quiz that does not exist: a player cannot tell a draft's id from a guess); a round already drawn
 * plays on and its history line keeps its name.
 */
async function quizToPlay(db: Database, quizId: QuizId, now: Date) {
  const quiz = await db
    .selectFrom("quizzes")
    .select([
      "id",
      "name",
      "icon",
      "category",
      "description",
      "version",
      "reward_per_correct",
      "completion_bonus",
    ])
    .where("id", "=", quizId)
    .where(quizIsLive(now))
    .executeTakeFirst();
  if (!quiz) throw new AppError("NOT_FOUND", "This quiz is not available to play.");
  const pool = await db
    .selectFrom("quiz_questions")
    .select(["id", "text", "options", "answer", "explanation"])
    .where("quiz_id", "=", quiz.id)
    .where("removed_at", "is", null)
    .orderBy("position")
    .execute();
  return { quiz, pool };
}

/**
 * Starts a round, or gives a signed-in player back the paid round of this quiz they left unfinished (docs/product.md,
 * "Quizzes": a paid round survives leaving, until it expires). A new round draws up to 10 questions at random
 * from the quiz's pool, shuffles each one's options, and keeps what it drew (text, options, answer; ADR 109).
 */
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
  const now = input.now ?? new Date();
  const { quiz, pool } = await quizToPlay(db, input.quizId, now);
  const summary = toSummary(quiz, pool.length);
  if (input.userId !== null) {
    const open = await openPaidRound(db, input.userId, quiz.id, now);
    if (open)
      return roundView(
        {
          sessionId: open.id,
          expiresAt: new Date(open.expires_at),
          practice: false,
          // The terms the round was drawn under, whatever the quiz offers now.
          quiz: {
            ...summary,
            ...termsOf(quizTerms({ perCorrect: open.reward_per_correct, bonus: open.completion_bonus })),
          },
        },
        await drawnQuestions(db, open.items),
        await answersOf(db, open.id),
      );
  }
  const items: QuizSessionItem[] = shuffle(pool, random)
    .slice(0, QUESTIONS_PER_QUIZ)
    .map((q) => ({
      questionId: q.id,
      optionOrder: shuffledIndices(q.options.length, random),
      text: q.text,
      options: q.options,
      answer: q.answer,
      explanation: q.explanation,
    }));
  const expiresAt = new Date(now.getTime() + QUIZ_SESSION_TTL_MS);
  const sessionId = randomUUID();
  const row = {
    id: sessionId,
    quiz_id: quiz.id,
    items: JSON.stringify(items),
    created_at: now,
    expires_at: expiresAt,
    quiz_version: quiz.version,
    quiz_name: quiz.name,
    reward_per_correct: summary.reward,
    completion_bonus: summary.completionBonus,
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
  return roundView(
    { sessionId, expiresAt, practice, quiz: summary },
    items.map((i) => ({
      ...i,
      text: i.text ?? "",
      options: i.options ?? [],
      answer: i.answer ?? "",
      explanation: i.explanation ?? null,
    })),
    [],
  );
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
