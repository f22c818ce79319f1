import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Quiz states (docs/product.md, "Content operations"; ADR 115): a quiz is a draft, published or retired, with an
 * optional schedule (`publish_at`, `retire_at`, UTC; null: at once / never), as videos have. Every quiz before this
 * migration was live, so the constant default 'published' keeps it so (no table rewrite); an import writes
 * 'draft'. The check is added NOT VALID; migration 0495 validates it in a transaction of its own, so no writer waits while it is checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    "alter table quizzes add column status text not null default 'published'",
    "alter table quizzes add column publish_at timestamptz",
    "alter table quizzes add column retire_at timestamptz",
    `alter table quizzes add constraint quizzes_status_check
      check (status in ('draft', 'published', 'retired')) not valid`,
  ]);
}
