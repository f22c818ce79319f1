import { randomInt } from "node:crypto";
import type { Transaction } from "kysely";
import type { ContentQuizDetail, QuizPreview } from "~/core/api/content";
import { QUESTIONS_PER_QUIZ } from "~/core/quiz/scoring";
import { type RandomIndex, shuffle } from "~/core/quiz/shuffle";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { getContentQuiz } from "./quiz-content.service";

/**
 * A quiz's states in the content console (docs/product.md, "Content operations"; ADR 115): draft → published →
 * retired. Publish and Retire each write their audit row in the transaction of the change; players see the change
 * on their next request (the lists read the database every time).
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A quiz is published with at least a round's worth of questions (409 otherwise). */
async function requireFullPool(trx: Transaction<DB>, quizId: string): Promise<void> {
  const { n } = await trx
    .selectFrom("quiz_questions")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("quiz_id", "=", quizId)
    .where("removed_at", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(n) < QUESTIONS_PER_QUIZ)
    throw new AppError(
      "CONFLICT",
      `A quiz needs at least ${QUESTIONS_PER_QUIZ} questions to publish: it has ${Number(n)}.`,
    );
}

async function changeStatus(
  db: Database,
  actor: Actor,
  quizId: string,
  to: "published" | "retired",
  now: Date,
): Promise<ContentQuizDetail> {
  await db.transaction().execute(async (trx) => {
    const quiz = await trx
      .selectFrom("quizzes")
      .select(["status", "publish_at", "retire_at"])
      .where("id", "=", quizId)
      .forUpdate()
      .executeTakeFirst();
    if (!quiz) throw new AppError("NOT_FOUND", "No such quiz.");
    if (to === "published") await requireFullPool(trx, quizId);
    const retireAt = iso(quiz.retire_at);
    // Publishing a quiz whose retire at has passed would leave it retired: Publish clears that time.
    const clearRetireAt = to === "published" && retireAt !== null && Date.parse(retireAt) <= now.getTime();
    if (quiz.status === to && !clearRetireAt) return;
    await trx
      .updateTable("quizzes")
      .set({ status: to, ...(clearRetireAt ? { retire_at: null } : {}) })
      .where("id", "=", quizId)
      .execute();
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: to === "published" ? "content.quiz.publish" : "content.quiz.retire",
      targetType: "quiz",
      targetId: quizId,
      before: { status: quiz.status, ...(clearRetireAt ? { retireAt } : {}) },
      after: { status: to, ...(clearRetireAt ? { retireAt: null } : {}) },
      requestId: actor.requestId,
    });
  });
  return getContentQuiz(db, quizId, now);
}

/** Publish: players see the quiz from its publish at (or at once). Audited: status before → after. */
export const publishQuiz = (db: Database, actor: Actor, quizId: string, now = new Date()) =>
  changeStatus(db, actor, quizId, "published", now);

/** Retire: gone from players' lists and no new round; rounds played and history lines keep its name. Audited. */
export const retireQuiz = (db: Database, actor: Actor, quizId: string, now = new Date()) =>
  changeStatus(db, actor, quizId, "retired", now);

/**
 * A round as a player would draw it, with the answers, for the editor's browser to grade (any state). It reads
 * only: no quiz_sessions row, no ledger row, no allowance used.
 */
export async function previewQuiz(
  db: Database,
  quizId: string,
  options: { now?: Date; randomIndex?: RandomIndex } = {},
): Promise<QuizPreview> {
  const random = options.randomIndex ?? ((n: number) => randomInt(n));
  const { quiz } = await getContentQuiz(db, quizId, options.now);
  const pool = await db
    .selectFrom("quiz_questions")
    .select(["id", "text", "options", "answer", "explanation"])
    .where("quiz_id", "=", quizId)
    .where("removed_at", "is", null)
    .orderBy("position")
    .execute();
  const questions = shuffle(pool, random)
    .slice(0, QUESTIONS_PER_QUIZ)
    .map((q) => ({ ...q, options: shuffle(q.options, random) }));
  return { quiz: { id: quiz.id, name: quiz.name, state: quiz.state }, questions };
}
