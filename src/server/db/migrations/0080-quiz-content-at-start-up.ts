import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Quiz content is seeded at start-up (src/server/quizzes/seed-content.ts), which removes the questions the
 * content no longer has: their answers go with them. The quiz ids live in src/core/api/quizzes.ts only, so the
 * table no longer repeats them in a check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table quiz_answers drop constraint quiz_answers_question_id_fkey",
    `alter table quiz_answers add constraint quiz_answers_question_id_fkey
      foreign key (question_id) references quiz_questions (id) on delete cascade`,
    "alter table quizzes drop constraint quizzes_id_check",
  ]);
}
