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
import { QUIZ_BONUS_COINS, QUIZ_CORRECT_COINS } from "~/core/quiz/scoring";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { insertDraftQuiz } from "./quiz-authoring.service";

/**
 * Quiz import and export (docs/product.md, "Content operations"; ADR 114). An import reads the whole file first
 * and refuses it, naming every bad row, before anything is written; then it creates the quiz, its questions and
 * the audit row in one transaction. The new quiz is a draft until an editor publishes it (quiz-states.service.ts).
 */

/** Questions per insert statement (6 parameters each). */
const CHUNK = 250;

/** What a new quiz shows until an editor changes it in the console. */
const defaults = (name: string) => ({
  icon: "book-open",
  category: "Imported",
  description: `Test your knowledge in ${name} with 10 questions.`,
  reward: QUIZ_CORRECT_COINS,
  completionBonus: QUIZ_BONUS_COINS,
});

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
    // A new quiz is a draft: players see it once an editor publishes it (ADR 115).
    const quiz = await insertDraftQuiz(trx, { name: input.name, ...defaults(input.name) });
    const { id } = quiz;
    await insertQuestions(trx, id, questions);
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "content.quiz.import",
      targetType: "quiz",
      targetId: id,
      after: { name: input.name, questions: questions.length, file: input.file.name, status: "draft" },
      requestId: actor.requestId,
    });
    return { ...quiz, questionCount: questions.length };
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
    .where("removed_at", "is", null)
    .orderBy("position")
    .execute();
  return { name: quiz.id, body: writeQuizFile(questions, format) };
}
