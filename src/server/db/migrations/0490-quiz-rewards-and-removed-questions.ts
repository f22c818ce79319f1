import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * A quiz's own reward (docs/product.md, "Content operations"): coins per correct answer and a completion bonus,
 * each paid within the ledger's terms for its kind (src/core/coins.ts stays the ceiling). A round keeps the terms
 * it was drawn under (null in rounds drawn before: the kind's amount). A question an editor removes stays for
 * the rounds that drew it and leaves the pool (`removed_at`). Constant defaults and nullable columns: no table
 * rewrite; the check is added NOT VALID; migration 0495 validates it in a transaction of its own, so no writer waits while it is checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    "alter table quizzes add column reward_per_correct integer not null default 10",
    "alter table quizzes add column completion_bonus integer not null default 10",
    `alter table quizzes add constraint quizzes_reward_check
      check (reward_per_correct >= 1 and completion_bonus >= 0) not valid`,
    "alter table quiz_sessions add column reward_per_correct integer",
    "alter table quiz_sessions add column completion_bonus integer",
    "alter table quiz_questions add column removed_at timestamptz",
  ]);
}
