import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Redemptions: a request to turn coins into a payout. The coins leave the balance when the request is made (a
 * `redemption` ledger row in the same transaction) and come back only through one `redemption_refund` row. The
 * status moves by conditional updates (see src/server/redemptions/redemptions.service.ts); `payout_attempt`
 * counts the approvals and retries, each of which may run one payout job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table coin_ledger drop constraint coin_ledger_kind_check",
    `alter table coin_ledger add constraint coin_ledger_kind_check check (kind in ('ttt_win', 'quiz_correct',
      'quiz_bonus', 'video_watch', 'referral_bonus', 'adjustment', 'redemption', 'redemption_refund'))`,
    `create table redemptions (
      id bigserial primary key,
      user_id text not null references "user" ("id") on delete restrict,
      coins integer not null check (coins > 0),
      cents integer not null check (cents > 0),
      method text not null check (method in ('paypal', 'gift_card')),
      recipient text not null check (length(recipient) between 3 and 254),
      status text not null default 'pending'
        check (status in ('pending', 'approved', 'paid', 'rejected', 'cancelled', 'failed')),
      provider text check (provider in ('manual', 'tremendous')),
      payout_attempt integer not null default 0 check (payout_attempt >= 0),
      provider_reference text check (length(provider_reference) between 1 and 200),
      reason text check (length(reason) between 1 and 500),
      decided_by text references "user" ("id") on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      decided_at timestamptz,
      paid_at timestamptz
    )`,
    "create index redemptions_user_idx on redemptions (user_id, id desc)",
    "create index redemptions_status_idx on redemptions (status, id)",
  ]);
}
