import { sql } from "kysely";
import {
  type ContentQuestion,
  type ContentQuiz,
  type ContentQuizDetail,
  type QuestionInput,
  type QuizStatus,
  type QuizUpdateInput,
  quizState,
} from "~/core/api/content";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import { AppError } from "../errors";

/**
 * The content console's quizzes (docs/product.md, "Content operations"): editors and administrators read every
 * quiz with its answers and change it; each change writes its audit row (who, what, before → after) in the
 * transaction of the change. Players see a change on their next request: nothing is cached.
 */

const quizColumns = [
  "id",
  "name",
  "icon",
  "category",
  "description",
  "position",
  "version",
  "status",
  "publish_at",
  "retire_at",
  "reward_per_correct",
  "completion_bonus",
] as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type QuizRow = {
  id: string;
  name: string;
  icon: string;
  category: string;
  description: string;
  position: number;
  version: number;
  status: QuizStatus;
  publish_at: Date | string | null;
  retire_at: Date | string | null;
  reward_per_correct: number;
  completion_bonus: number;
};

/** A stored quiz as the console shows it, its state by the server's clock (ADR 115). */
export function toContentQuiz(row: QuizRow, questionCount: number, now: Date): ContentQuiz {
  const { publish_at, retire_at, reward_per_correct, completion_bonus, ...rest } = row;
  const schedule = { status: row.status, publishAt: iso(publish_at), retireAt: iso(retire_at) };
  const terms = { reward: reward_per_correct, completionBonus: completion_bonus };
  return { ...rest, ...schedule, ...terms, questionCount, state: quizState(schedule, now) };
}

export async function listContentQuizzes(db: Database, now = new Date()): Promise<ContentQuiz[]> {
  const rows = await db
    .selectFrom("quizzes")
    .select(quizColumns)
    .select((eb) =>
      eb
        .selectFrom("quiz_questions")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("quiz_questions.quiz_id", "=", "quizzes.id")
        .where("quiz_questions.removed_at", "is", null)
        .as("questionCount"),
    )
    .orderBy("position")
    .execute();
  return rows.map(({ questionCount, ...r }) => toContentQuiz(r, Number(questionCount ?? 0), now));
}

async function questionsOf(db: Database, quizId: string): Promise<ContentQuestion[]> {
  return db
    .selectFrom("quiz_questions")
    .select(["id", "text", "options", "answer", "explanation"])
    .where("quiz_id", "=", quizId)
    .where("removed_at", "is", null)
    .orderBy("position")
    .execute();
}

export async function getContentQuiz(
  db: Database,
  quizId: string,
  now = new Date(),
): Promise<ContentQuizDetail> {
  const quiz = await db.selectFrom("quizzes").select(quizColumns).where("id", "=", quizId).executeTakeFirst();
  if (!quiz) throw new AppError("NOT_FOUND", "No such quiz.");
  const questions = await questionsOf(db, quizId);
  return { quiz: toContentQuiz(quiz, questions.length, now), questions };
}

/** A text[] value written the same way on PostgreSQL and PGlite. */
export const textArray = (values: readonly string[]) =>
  sql<string[]>`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The fields of `after` whose value differs in `before`: the audit row's before → after. */
export function changed<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const keys = Object.keys(after).filter((k) => after[k] !== undefined && after[k] !== before[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * An edit of a quiz or of one of its questions makes a new version (ADR 109): rounds drawn before keep what they
 * drew and are graded against it; the next round draws from the quiz as it is now.
 */
export async function newVersion(db: Database, quizId: string): Promise<void> {
  await db
    .updateTable("quizzes")
    .set({ version: sql<number>`version + 1` })
    .where("id", "=", quizId)
    .execute();
}

export async function updateContentQuiz(
  db: Database,
  actor: Actor,
  quizId: string,
  input: QuizUpdateInput,
): Promise<ContentQuizDetail> {
  await db.transaction().execute(async (trx) => {
    const quiz = await trx
      .selectFrom("quizzes")
      .select(quizColumns)
      .where("id", "=", quizId)
      .forUpdate()
      .executeTakeFirst();
    if (!quiz) throw new AppError("NOT_FOUND", "No such quiz.");
    const { publishAt, retireAt, reward, completionBonus, ...words } = input;
    const terms = { reward_per_correct: reward, completion_bonus: completionBonus };
    const current = { ...quiz, publishAt: iso(quiz.publish_at), retireAt: iso(quiz.retire_at) };
    const schedule = {
      publishAt: publishAt === undefined ? undefined : iso(publishAt),
      retireAt: retireAt === undefined ? undefined : iso(retireAt),
    };
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(schedule).filter(([, v]) => v !== undefined)),
    };
    if (next.publishAt && next.retireAt && Date.parse(next.retireAt) <= Date.parse(next.publishAt))
      throw new AppError("VALIDATION_FAILED", "Retire at must be after publish at.");
    const wordsDiff = changed(quiz, words);
    const termsDiff = changed(quiz, terms);
    const diff = changed(current, { ...words, ...terms, ...schedule });
    if (Object.keys(diff.after).length === 0) return;
    await trx
      .updateTable("quizzes")
      .set({
        ...wordsDiff.after,
        // A round keeps the terms it was drawn under: a change of reward makes no new version.
        ...termsDiff.after,
        ...("publishAt" in diff.after ? { publish_at: schedule.publishAt } : {}),
        ...("retireAt" in diff.after ? { retire_at: schedule.retireAt } : {}),
        // A new version is what a round draws from: only the words and questions make one (ADR 109).
        ...(Object.keys(wordsDiff.after).length > 0 ? { version: sql<number>`version + 1` } : {}),
      })
      .where("id", "=", quizId)
      .execute();
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "content.quiz.update",
      targetType: "quiz",
      targetId: quizId,
      ...diff,
      requestId: actor.requestId,
    });
  });
  return getContentQuiz(db, quizId);
}

/**
 * Rewrites one question (text, options, answer). A question id names what a player was asked: another quiz's
 * question with that id is a 404 here.
 */
export async function updateContentQuestion(
  db: Database,
  actor: Actor,
  ids: { quizId: string; questionId: string },
  input: QuestionInput,
): Promise<ContentQuizDetail> {
  await db.transaction().execute(async (trx) => {
    const question = await trx
      .selectFrom("quiz_questions")
      .select(["id", "text", "options", "answer", "explanation"])
      .where("id", "=", ids.questionId)
      .where("quiz_id", "=", ids.quizId)
      .where("removed_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!question) throw new AppError("NOT_FOUND", "No such question in this quiz.");
    const explanation = input.explanation ?? null;
    const diff = changed(
      {
        text: question.text,
        options: question.options.join(" | "),
        answer: question.answer,
        explanation: question.explanation,
      },
      { text: input.text, options: input.options.join(" | "), answer: input.answer, explanation },
    );
    if (Object.keys(diff.after).length === 0) return;
    await trx
      .updateTable("quiz_questions")
      .set({ text: input.text, options: textArray(input.options), answer: input.answer, explanation })
      .where("id", "=", ids.questionId)
      .execute();
    await newVersion(trx, ids.quizId);
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "content.question.update",
      targetType: "quiz",
      targetId: ids.quizId,
      before: { question: ids.questionId, ...diff.before },
      after: { question: ids.questionId, ...diff.after },
      requestId: actor.requestId,
    });
  });
  return getContentQuiz(db, ids.quizId);
}
