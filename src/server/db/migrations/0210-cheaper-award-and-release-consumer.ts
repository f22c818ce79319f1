import type { Kysely } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import { runStatements } from "../run-statements";

/**
 * A cheaper award, and the referral release as a consumer of its event (docs/decisions/070-cheaper-award-release-consumer.md).
 * - `user_profiles.play_day`, `play_coins`: the coins of the earning kinds (PLAY_KINDS) in the user's ledger rows
 *   of the UTC day `play_day` (by the rows' time), kept by the award under its lock in the update of the balance,
 *   so the earning answers' `goalCoinsToday` is read from the profile instead of summing the day's rows. Filled
 *   here from today's rows.
 * - `ledger_coins_today` goes (that sum), with its record in `sql_functions`.
 * - `ledger_events` keeps only its key, its user and its time: the kind and the amount are the ledger row's, read
 *   with it by the consumers.
 * - `referrals_open_idx`: the referrals that wait for a first earning or clear, by sign-up time, so the periodic
 *   step that expires them at the time limit (docs/product.md, "Referral program") reads only those due. The
 *   recurring `referral.release` job is gone (the release is a consumer of the event): its queued runs go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table user_profiles add column play_day date",
    "alter table user_profiles add column play_coins integer not null default 0",
    `update user_profiles p set play_day = t.day, play_coins = t.coins
     from (select l.user_id, (now() at time zone 'UTC')::date as day, sum(l.amount)::integer as coins
       from coin_ledger l
       where l.kind in ${playKindsSqlList}
         and l.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
       group by l.user_id) t
     where t.user_id = p.id`,
    "drop function if exists ledger_coins_today(text, text[])",
    "delete from sql_functions where name = 'ledger_coins_today'",
    "alter table ledger_events drop column kind",
    "alter table ledger_events drop column amount",
    "create index referrals_open_idx on referrals (created_at) where bonus_status in ('pending', 'clearing')",
    // The recurring release job is gone (its work is the consumer's): its queued runs have no handler now.
    "delete from jobs where queue = 'referral.release' and status in ('queued', 'running')",
  ]);
}
