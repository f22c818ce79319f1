import { type Kysely, sql } from "kysely";
import { type QuizContent, quizContent } from "./content";

/** Serialises concurrent seeds (several instances starting at once); any constant unique to this job. */
const SEED_LOCK = 7_204_311;

/** The content_seeds row that records a database was given the starting quizzes. */
export const QUIZ_SEED = "quizzes";

/**
 * Gives a fresh install the starting quizzes (src/server/quizzes/content.ts) once; from then on the database owns
 * them and operators change them in the console (docs/product.md, "Content operations"). Runs at every start-up
 * (src/server/prepare-database.ts) but writes only when content_seeds has no `quizzes` row, and records that row
 * in the same transaction — so a restart never overwrites, restores or reorders an operator's edit. The inserts
 * skip rows that already exist (a database that had the content before content_seeds). One statement per query
 * (PGlite).
 */
export async function seedQuizContent(
  db: Kysely<unknown>,
  content: readonly QuizContent[] = quizContent,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const claimed = await sql`insert into content_seeds (name) values (${QUIZ_SEED})
      on conflict (name) do nothing returning name`.execute(trx);
    if (claimed.rows.length === 0) return false;
    const { rows } = await sql<{
      next: number;
    }>`select coalesce(max(position) + 1, 0) as next from quizzes`.execute(trx);
    const first = Number(rows[0]?.next ?? 0);
    for (const [index, quiz] of content.entries()) {
      await sql`insert into quizzes (id, name, icon, category, description, position)
        values (${quiz.id}, ${quiz.name}, ${quiz.icon}, ${quiz.category}, ${quiz.description}, ${first + index})
        on conflict do nothing`.execute(trx);
      for (const [position, question] of quiz.questions.entries()) {
        const [a, b, c, d] = question.options;
        await sql`insert into quiz_questions (id, quiz_id, position, text, options, answer)
          values (${question.id}, ${quiz.id}, ${position}, ${question.text},
            array[${a}, ${b}, ${c}, ${d}]::text[], ${question.answer})
          on conflict do nothing`.execute(trx);
      }
    }
    return true;
  });
}
