import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * An administrator decides a held partner credit (docs/product.md, "Earning partners"; docs/decisions/112): the
 * new state `declined` (paid nothing), and who decided a held credit, when and why (`decided_by`, `decided_at`,
 * `decision_reason`; null for a credit never held or not yet decided). Nullable columns without defaults (no
 * rewrite); the widened check is added NOT VALID; migration 0495 validates them in a transaction of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    "alter table partner_credits add column decided_by text",
    "alter table partner_credits add column decided_at timestamptz",
    "alter table partner_credits add column decision_reason text",
    "alter table partner_credits drop constraint partner_credits_state_check",
    `alter table partner_credits add constraint partner_credits_state_check
      check (state in ('pending', 'available', 'reversed', 'held', 'declined')) not valid`,
  ]);
}
