import type { Kysely } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import { runStatements } from "../run-statements";

/**
 * The one award and referral bonuses that clear (docs/product.md, "Coins" and "Referral program").
 *
 * - `ledger_award`, the one award, replaces `ledger_award_limited`. Its function is the one text of
 *   src/server/ledger/sql/ledger-award.sql, put in place after the migrations (docs/decisions/116-award-baseline.md):
 *   here the old function goes, on an install that ran migration 0090 before it stopped creating it. (Installs made
 *   before then ran this migration with that day's `ledger_award` in it; the start-up replaced it since.)
 *   `user_profiles.first_earned_at` is the first paid earning of the user (dropped by migration 0190).
 * - `user_profiles.pending_points`: coins recorded for the user but not yet in the balance (the referral pair
 *   while it clears); written only by the ledger (src/server/ledger/referral-pair.ts).
 * - `referrals.bonus_status` 'clearing': the pair is recorded as pending at the friend's first earning
 *   (`recorded_at`) until the release job pays it ('paid'); `referrer_paid` is then whether the referrer's half is
 *   part of the pair (decided at recording by the 30-day limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table user_profiles add column first_earned_at timestamptz",
    "alter table user_profiles add column pending_points integer not null default 0 check (pending_points >= 0)",
    `update user_profiles set first_earned_at = (
       select min(l.created_at) from coin_ledger l
       where l.user_id = user_profiles.id and l.kind in ${playKindsSqlList})`,
    "alter table referrals drop constraint referrals_bonus_status_check",
    `alter table referrals add constraint referrals_bonus_status_check
       check (bonus_status in ('pending', 'clearing', 'paid', 'held', 'released', 'declined'))`,
    "alter table referrals add column recorded_at timestamptz",
    "create index referrals_clearing_idx on referrals (recorded_at) where bonus_status = 'clearing'",
    "drop function if exists ledger_award_limited(text, integer, text, text, text, text, integer)",
  ]);
}
