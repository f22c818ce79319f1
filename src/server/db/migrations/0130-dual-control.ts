import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Dual control (docs/decisions/056): a large coin adjustment or redemption approval is first a proposal of one
 * administrator and takes effect only when a different one approves it. A proposal moves by conditional updates
 * (`where status = 'proposed'`), so of many concurrent approvals exactly one applies it. An adjustment id makes at
 * most one proposal; a redemption has at most one proposal waiting at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table admin_proposals (
      id bigserial primary key,
      kind text not null check (kind in ('coins.adjust', 'redemption.approve')),
      status text not null default 'proposed' check (status in ('proposed', 'approved', 'withdrawn')),
      user_id text not null references "user" ("id") on delete restrict,
      amount integer not null,
      adjustment_id text,
      redemption_id bigint references redemptions (id) on delete restrict,
      reason text check (length(reason) between 1 and 500),
      proposed_by text not null,
      proposed_at timestamptz not null default now(),
      decided_by text,
      decided_at timestamptz,
      decision_reason text check (length(decision_reason) between 1 and 500),
      check ((kind = 'coins.adjust') = (adjustment_id is not null)),
      check ((kind = 'redemption.approve') = (redemption_id is not null))
    )`,
    "create unique index admin_proposals_adjustment_idx on admin_proposals (adjustment_id)",
    `create unique index admin_proposals_open_redemption_idx on admin_proposals (redemption_id)
      where status = 'proposed'`,
    "create index admin_proposals_status_idx on admin_proposals (status, id)",
  ]);
}
