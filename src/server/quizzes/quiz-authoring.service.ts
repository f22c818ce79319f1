import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { ContentQuiz, ContentQuizDetail, QuestionInput, QuizCreateInput } from "~/core/api/content";
import { QUESTIONS_PER_QUIZ } from "~/core/quiz/scoring";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { getContentQuiz, newVersion, textArray, toContentQuiz } from "./quiz-content.service";

/**
 * Writing a quiz in the content console (docs/product.md, "Content operations"): a new quiz is a draft with no
 * questions; questions are added and removed one by one. A removed question leaves the pool but stays for the
 * rounds that drew it (`removed_at`); a published quiz keeps at least a round's worth. Each change writes its
 * audit row in the transaction of the change and makes a new version where the pool changes (ADR 109).
 */

/** Serialises the creation of quizzes (console and import), so two of one name cannot both pass the name check. */
const CREATE_LOCK = 7_204_470;

/** A lower-case slug of the name (ASCII letters and digits), at most 32 characters; "quiz" when none are left. */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 32)
    .replace(/^-+|-+$/g, "");
  return slug || "quiz";
}

/** An id no quiz has, whose question ids (`<id>-<n>`) no question has. */
async function freeQuizId(trx: Transaction<DB>, name: string): Promise<string> {
  const base = slugOf(name);
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    const quiz = await trx.selectFrom("quizzes").select("id").where("id", "=", id).executeTakeFirst();
    const question = await trx
      .selectFrom("quiz_questions")
      .select("id")
      .where("id", "like", `${id}-%`)
      .executeTakeFirst();
    if (!quiz && !question) return id;
  }
}

/**
 * Inserts a draft quiz named `input.name` (409 QUIZ_NAME_TAKEN for a name taken in any case), last in the order.
 * The caller writes its questions and audit row in the same transaction.
 */
export async function insertDraftQuiz(trx: Transaction<DB>, input: QuizCreateInput): Promise<ContentQuiz> {
  await sql`select pg_advisory_xact_lock(${CREATE_LOCK})`.execute(trx);
  const taken = await trx
    .selectFrom("quizzes")
    .select("id")
    .where(sql<boolean>`lower(name) = lower(${input.name})`)
    .executeTakeFirst();
  if (taken) throw new AppError("QUIZ_NAME_TAKEN");
  const id = await freeQuizId(trx, input.name);
  const { next } = await trx
    .selectFrom("quizzes")
    .select(sql<number>`coalesce(max(position) + 1, 0)`.as("next"))
    .executeTakeFirstOrThrow();
  const quiz = {
    id,
    name: input.name,
    description: input.description,
    category: input.category,
    icon: input.icon,
    reward_per_correct: input.reward,
    completion_bonus: input.completionBonus,
    position: Number(next),
    status: "draft" as const,
  };
  await trx.insertInto("quizzes").values(quiz).execute();
  return toContentQuiz({ ...quiz, version: 1, publish_at: null, retire_at: null }, 0, new Date());
}

/** POST /api/admin/quizzes: a draft quiz with no questions yet. Audited. */
export async function createQuiz(
  db: Database,
  actor: Actor,
  input: QuizCreateInput,
): Promise<ContentQuizDetail> {
  const quiz = await db.transaction().execute(async (trx) => {
    const created = await insertDraftQuiz(trx, input);
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "content.quiz.create",
      targetType: "quiz",
      targetId: created.id,
      after: { ...input, status: "draft" },
      requestId: actor.requestId,
    });
    return created;
  });
  return { quiz, questions: [] };
}

/** The quiz, locked for a change of its pool; 404 for none. */
async function lockQuiz(trx: Transaction<DB>, quizId: string) {
  const quiz = await trx
    .selectFrom("quizzes")
    .select(["id", "status"])
    .where("id", "=", quizId)
    .forUpdate()
    .executeTakeFirst();
  if (!quiz) throw new AppError("NOT_FOUND", "No such quiz.");
  return quiz;
}

/** POST /api/admin/quizzes/:quizId/questions: a question added last to the pool (a new version). Audited. */
export async function addQuestion(
  db: Database,
  actor: Actor,
  quizId: string,
  input: QuestionInput,
): Promise<ContentQuizDetail> {
  await db.transaction().execute(async (trx) => {
    await lockQuiz(trx, quizId);
    const { next } = await trx
      .selectFrom("quiz_questions")
      .select(sql<number>`coalesce(max(position) + 1, 0)`.as("next"))
      .where("quiz_id", "=", quizId)
      .executeTakeFirstOrThrow();
    const id = `${quizId}-${randomUUID().slice(0, 8)}`;
    const explanation = input.explanation ?? null;
    await trx
      .insertInto("quiz_questions")
      .values({
        id,
        quiz_id: quizId,
        position: Number(next),
        text: input.text,
        options: textArray(input.options),
        answer: input.answer,
        explanation,
      })
      .execute();
    await newVersion(trx, quizId);
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "content.question.add",
      targetType: "quiz",
      targetId: quizId,
      after: { question: id, text: input.text, options: input.options.join(" | "), answer: input.answer },
      requestId: actor.requestId,
    });
  });
  return getContentQuiz(db, quizId);
}

/**
 * DELETE /api/admin/quizzes/:quizId/questions/:questionId: the question leaves the pool (a new version); rounds that
 * drew it keep it. A published quiz keeps at least a round's worth of questions (409). Audited.
 */
export async function removeQuestion(
  db: Database,
  actor: Actor,
  ids: { quizId: string; questionId: string },
  now = new Date(),
): Promise<ContentQuizDetail> {
  await db.transaction().execute(async (trx) => {
    const quiz = await lockQuiz(trx, ids.quizId);
    const pool = await trx
      .selectFrom("quiz_questions")
      .select(["id", "text"])
      .where("quiz_id", "=", ids.quizId)
      .where("removed_at", "is", null)
      .execute();
    const question = pool.find((q) => q.id === ids.questionId);
    if (!question) throw new AppError("NOT_FOUND", "No such question in this quiz.");
    if (quiz.status === "published" && pool.length - 1 < QUESTIONS_PER_QUIZ)
      throw new AppError(
        "CONFLICT",
        `A published quiz keeps at least ${QUESTIONS_PER_QUIZ} questions: add one before removing this one.`,
      );
    await trx
      .updateTable("quiz_questions")
      .set({ removed_at: now })
      .where("id", "=", ids.questionId)
      .execute();
    await newVersion(trx, ids.quizId);
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "content.question.remove",
      targetType: "quiz",
      targetId: ids.quizId,
      before: { question: ids.questionId, text: question.text },
      requestId: actor.requestId,
    });
  });
  return getContentQuiz(db, ids.quizId, now);
}
