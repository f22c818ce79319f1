import type { Kysely } from "kysely";
import type { ConcurrentIndex } from "../concurrent-indexes";
import { runStatements } from "../run-statements";

/**
 * Reversals of spent coins and fraud holds (docs/product.md, "Earning partners"; docs/decisions/105): a player's
 * debt (`user_profiles.debt_coins`, the coins a reversal could not take back because they were spent) and each debt
 * recorded once per cause (`coin_debts`); the ledger kind `debt_repayment` (future earnings repay the debt first);
 * a redemption held for review (`redemptions.held_reason`); and a partner credit held (state `held`, its reason).
 * New columns have constant defaults (no rewrite); widened checks are added NOT VALID; migration 0495 validates them in a transaction of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    "alter table user_profiles add column debt_coins integer not null default 0",
    "alter table user_profiles add constraint user_profiles_debt_coins_check check (debt_coins >= 0) not valid",
    `create table coin_debts (
       id bigint generated always as identity primary key,
       user_id text not null references "user" ("id") on delete cascade,
       coins integer not null check (coins > 0),
       reason text not null,
       cause_key text not null unique,
       created_at timestamptz not null default now())`,
    "create index coin_debts_user_idx on coin_debts (user_id, id)",
    "alter table redemptions add column held_reason text",
    "alter table redemptions add column held_at timestamptz",
    "alter table partner_credits add column held_reason text",
    "alter table partner_credits drop constraint partner_credits_state_check",
    `alter table partner_credits add constraint partner_credits_state_check
      check (state in ('pending', 'available', 'reversed', 'held')) not valid`,
    "alter table coin_ledger drop constraint coin_ledger_kind_check",
    `alter table coin_ledger add constraint coin_ledger_kind_check check (kind in ('ttt_win', 'quiz_correct',
      'quiz_bonus', 'video_watch', 'referral_bonus', 'adjustment', 'redemption', 'redemption_refund',
      'streak_bonus', 'partner_credit', 'partner_reversal', 'debt_repayment')) not valid`,
  ]);
}

/** The console's held credits, newest first, a page at a time by key. */
export const concurrentIndexes: readonly ConcurrentIndex[] = [
  { name: "partner_credits_held_idx", on: "partner_credits (id) where state = 'held'" },
];
