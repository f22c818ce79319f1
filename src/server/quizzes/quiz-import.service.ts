import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { ContentQuiz } from "~/core/api/content";
import {
  type ImportedQuestion,
  QUIZ_IMPORT_MAX_BYTES,
  type QuizExportFormat,
  readQuizFile,
  writeQuizFile,
} from "~/core/api/quiz-import";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { toContentQuiz } from "./quiz-content.service";

/**
 * Quiz import and export (docs/product.md, "Content operations"; ADR 114). An import reads the whole file first
 * and refuses it, naming every bad row, before anything is written; then it creates the quiz, its questions and
 * the audit row in one transaction. The new quiz is a draft until an editor publishes it (quiz-states.service.ts).
 */

/** Serialises imports, so two of the same name cannot both pass the name check; any constant unique to this job. */
const IMPORT_LOCK = 7_204_470;
/** Questions per insert statement (6 parameters each). */
const CHUNK = 250;

/** What a new quiz shows until an editor changes it in the console. */
const defaults = (name: string) => ({
  icon: "book-open",
  category: "Imported",
  description: `Test your knowledge in ${name} with 10 questions.`,
});

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

/** The text of an uploaded file: UTF-8 or refused. */
async function textOf(file: File): Promise<string> {
  if (file.size > QUIZ_IMPORT_MAX_BYTES) throw new AppError("QUIZ_FILE_TOO_LARGE");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new AppError(
      "INVALID_IMPORT",
      "The file is not UTF-8 text: import a CSV or JSON file of questions.",
      undefined,
      [],
    );
  }
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

async function insertQuestions(trx: Transaction<DB>, quizId: string, questions: readonly ImportedQuestion[]) {
  for (let start = 0; start < questions.length; start += CHUNK) {
    const rows = questions.slice(start, start + CHUNK).map((q, i) => ({
      id: `${quizId}-${start + i + 1}`,
      quiz_id: quizId,
      position: start + i,
      text: q.text,
      options: sql<string[]>`array(select jsonb_array_elements_text(${JSON.stringify(q.options)}::jsonb))`,
      answer: q.answer,
      explanation: q.explanation,
    }));
    await trx.insertInto("quiz_questions").values(rows).execute();
  }
}

/** Creates the quiz `name` with the file's questions: 201, or 422 INVALID_IMPORT / 409 / 413 with nothing written. */
export async function importQuiz(
  db: Database,
  actor: Actor,
  input: { name: string; file: File },
): Promise<ContentQuiz> {
  const reading = readQuizFile(input.file.name, await textOf(input.file));
  if (!reading.ok) throw new AppError("INVALID_IMPORT", reading.message, undefined, reading.rows);
  const { questions } = reading;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(trx);
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
    // A new quiz is a draft: players see it once an editor publishes it (ADR 115).
    const quiz = {
      id,
      name: input.name,
      ...defaults(input.name),
      position: Number(next),
      status: "draft" as const,
    };
    await trx.insertInto("quizzes").values(quiz).execute();
    await insertQuestions(trx, id, questions);
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "content.quiz.import",
      targetType: "quiz",
      targetId: id,
      after: { name: input.name, questions: questions.length, file: input.file.name, status: "draft" },
      requestId: actor.requestId,
    });
    return toContentQuiz(
      { ...quiz, version: 1, publish_at: null, retire_at: null },
      questions.length,
      new Date(),
    );
  });
}

/** The quiz's current questions as a file an import reads back to the same questions; 404 for no such quiz. */
export async function exportQuiz(
  db: Database,
  quizId: string,
  format: QuizExportFormat,
): Promise<{ name: string; body: string }> {
  const quiz = await db
    .selectFrom("quizzes")
    .select(["id", "name"])
    .where("id", "=", quizId)
    .executeTakeFirst();
  if (!quiz) throw new AppError("NOT_FOUND", "No such quiz.");
  const questions = await db
    .selectFrom("quiz_questions")
    .select(["text", "options", "answer", "explanation"])
    .where("quiz_id", "=", quizId)
    .orderBy("position")
    .execute();
  return { name: quiz.id, body: writeQuizFile(questions, format) };
}
