import { type Kysely, sql } from "kysely";
import { quizContent } from "./content";

/**
 * Writes the quiz content module into `quizzes` and `quiz_questions`, inserting or updating by id
 * (one statement per query, for PGlite). Called by migration 0004, and again by any later migration
 * that changes the content.
 */
export async function seedQuizContent(db: Kysely<unknown>): Promise<void> {
  for (const [position, quiz] of quizContent.entries()) {
    await sql`insert into quizzes (id, name, icon, description, position)
      values (${quiz.id}, ${quiz.name}, ${quiz.icon}, ${quiz.description}, ${position})
      on conflict (id) do update set name = excluded.name, icon = excluded.icon,
        description = excluded.description, position = excluded.position`.execute(db);
    for (const [index, question] of quiz.questions.entries()) {
      const [a, b, c, d] = question.options;
      await sql`insert into quiz_questions (id, quiz_id, position, text, options, answer)
        values (${question.id}, ${quiz.id}, ${index}, ${question.text},
          array[${a}, ${b}, ${c}, ${d}]::text[], ${question.answer})
        on conflict (id) do update set quiz_id = excluded.quiz_id, position = excluded.position,
          text = excluded.text, options = excluded.options, answer = excluded.answer`.execute(db);
    }
  }
}
