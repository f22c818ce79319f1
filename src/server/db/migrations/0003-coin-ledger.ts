import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Every coin is a ledger row with a unique cause; user_profiles.points is the running balance,
 * changed only by src/server/ledger in the same transaction as its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table coin_ledger (
      id bigserial primary key,
      user_id text not null references "user" ("id") on delete restrict,
      amount integer not null check (amount <> 0),
      kind text not null check (kind in ('ttt_win', 'quiz_correct', 'quiz_bonus', 'video_watch', 'referral_bonus', 'adjustment')),
      reason text not null check (length(reason) between 1 and 200),
      cause_key text not null unique check (length(cause_key) between 1 and 200),
      created_at timestamptz not null default now()
    )`,
    "create index coin_ledger_user_idx on coin_ledger (user_id, id desc)",
  ]);
}
