import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Quiz import and export (docs/product.md, "Content operations"; ADR 114): a question may carry an explanation
 * of its answer, which an imported file brings and an export gives back. Nullable, no default: no table rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    "alter table quiz_questions add column explanation text",
  ]);
}
