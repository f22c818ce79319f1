import type { Kysely } from "kysely";
import type { ConcurrentIndex } from "../concurrent-indexes";
import { runStatements } from "../run-statements";

/**
 * No one cashes out alone (docs/product.md, "Dual control"; ADR 082): a KYC approval can be a proposal too — when
 * the approving administrator credited the account, or its document number is approved on another account.
 * admin_proposals gains the kind `kyc.approve` with the submission it approves. Safe on a live table: the
 * constraints are added NOT VALID (migration 0495 validates them), the new column has no default, and the index of waiting
 * KYC proposals is built CONCURRENTLY after the migrations (db/concurrent-indexes.ts). A deleted account's KYC
 * submissions are erased (docs/product.md, "Account"), and their proposals with them; the audit log keeps the record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    "alter table admin_proposals add column kyc_submission_id uuid",
    "alter table admin_proposals drop constraint admin_proposals_kind_check",
    `alter table admin_proposals add constraint admin_proposals_kind_check
      check (kind in ('coins.adjust', 'redemption.approve', 'role.change', 'kyc.approve')) not valid`,
    `alter table admin_proposals add constraint admin_proposals_kyc_kind_check
      check ((kind = 'kyc.approve') = (kyc_submission_id is not null)) not valid`,
    `alter table admin_proposals add constraint admin_proposals_kyc_submission_fk
      foreign key (kyc_submission_id) references kyc_submissions (id) on delete cascade not valid`,
  ]);
}

export const concurrentIndexes: readonly ConcurrentIndex[] = [
  {
    name: "admin_proposals_open_kyc_idx",
    on: "admin_proposals (kyc_submission_id) where status = 'proposed' and kind = 'kyc.approve'",
  },
];
