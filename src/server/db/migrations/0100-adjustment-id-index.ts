import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * A coin adjustment's id is looked up in its audit row (admin/adjustments.service.ts: a resend with the same id
 * answers the first result): an index on it, so that look-up stays one index probe however long the append-only
 * audit log grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index audit_log_adjustment_id_idx on audit_log ((after->>'adjustmentId')) where action = 'coins.adjust'`,
  ]);
}
