import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Quiz versions and rounds that keep what they drew (docs/product.md, "Content operations", ADR 109):
 * - quizzes.version: 1 for every quiz, raised by each edit of the quiz or one of its questions (a constant
 *   default: no table rewrite).
 * - quiz_sessions.quiz_version / quiz_name: the version a round was drawn from and the name it was played under,
 *   so its history line keeps that name after a rename. Null for rounds drawn before this migration (their
 *   line shows the quiz's current name, as before). The drawn questions themselves (text, options, answer) are
 *   kept in the round's `items` (jsonb): no column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    "alter table quizzes add column version integer not null default 1",
    "alter table quiz_sessions add column quiz_version integer",
    "alter table quiz_sessions add column quiz_name text",
  ]);
}
