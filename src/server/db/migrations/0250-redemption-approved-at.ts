import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * A redemption's timeline (docs/product.md, "Redemptions"): requested (`created_at`) → approved → paid (`paid_at`)
 * or rejected (`decided_at`). `approved_at` keeps the approval's time, which `decided_at` loses when an approved
 * payout that failed is rejected later. Redemptions approved before it get their `decided_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table redemptions add column approved_at timestamptz",
    "update redemptions set approved_at = decided_at where status in ('approved', 'paid', 'failed')",
  ]);
}
