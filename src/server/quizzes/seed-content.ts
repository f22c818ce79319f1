import { type Kysely, sql } from "kysely";
import { type QuizContent, quizContent } from "./content";

/** Serialises concurrent seeds (several instances starting at once); any constant unique to this job. */
const SEED_LOCK = 7_204_311;

/**
 * Makes `quizzes` and `quiz_questions` exactly `content` (src/server/quizzes/content.ts, the one owner of
 * quiz content and of the question ids): inserts and updates by id, and deletes questions the content no
 * longer has (their answers go with them; coins already paid stay in the ledger). Runs at every start-up
 * (src/server/prepare-database.ts); idempotent — a second run changes nothing. One transaction, one statement per
 * query (PGlite).
 */
export async function seedQuizContent(
  db: Kysely<unknown>,
  content: readonly QuizContent[] = quizContent,
): Promise<void> {
  const ids = content.flatMap((quiz) => quiz.questions.map((question) => question.id));
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    await sql`delete from quiz_questions where not (id = any (${ids}::text[]))`.execute(trx);
    // Positions are unique per quiz: park them out of the way so a reordering cannot collide mid-way.
    await sql`update quizzes set position = -position - 1`.execute(trx);
    await sql`update quiz_questions set position = -position - 1`.execute(trx);
    for (const [position, quiz] of content.entries()) {
      await sql`insert into quizzes (id, name, icon, description, position)
        values (${quiz.id}, ${quiz.name}, ${quiz.icon}, ${quiz.description}, ${position})
        on conflict (id) do update set name = excluded.name, icon = excluded.icon,
          description = excluded.description, position = excluded.position`.execute(trx);
      for (const [index, question] of quiz.questions.entries()) {
        const [a, b, c, d] = question.options;
        await sql`insert into quiz_questions (id, quiz_id, position, text, options, answer)
          values (${question.id}, ${quiz.id}, ${index}, ${question.text},
            array[${a}, ${b}, ${c}, ${d}]::text[], ${question.answer})
          on conflict (id) do update set quiz_id = excluded.quiz_id, position = excluded.position,
            text = excluded.text, options = excluded.options, answer = excluded.answer`.execute(trx);
      }
    }
  });
}
