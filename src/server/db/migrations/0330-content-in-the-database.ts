import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Content lives in the database and the console owns it (docs/product.md, "Content operations"):
 * - content_seeds: which starting content (src/server/quizzes/content.ts) a database has been given. The seed
 *   writes it once, on a fresh install, and records it here; later starts see the row and write nothing, so an
 *   operator's edit survives every restart. A database that had the content before this migration keeps it as
 *   it is (the seed's inserts skip rows that exist).
 * - quizzes.category: a quiz's category is data (a constant default: no table rewrite).
 * - quiz_questions.options: 2 to 6 options (the console's rule), was exactly 4.
 * - admin_proposals.role may be `editor`: the role that authors content and moves no money, granted by proposal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    `create table content_seeds (
      name text primary key,
      seeded_at timestamptz not null default now()
    )`,
    "alter table quizzes add column category text not null default 'General'",
    "update quizzes set category = 'Science' where id = 'science'",
    "update quizzes set category = 'History' where id = 'history'",
    "alter table quiz_questions drop constraint quiz_questions_options_check",
    `alter table quiz_questions add constraint quiz_questions_options_check
      check (cardinality(options) between 2 and 6) not valid`,
    "alter table admin_proposals drop constraint admin_proposals_role_check",
    `alter table admin_proposals add constraint admin_proposals_role_check
      check (role in ('admin', 'user', 'editor')) not valid`,
  ]);
}
