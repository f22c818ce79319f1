import type { Kysely } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import { runStatements } from "../run-statements";

/**
 * Cheaper awards (docs/decisions/062-cheaper-awards.md): the same rule as migration 0150's `ledger_award`, in
 * fewer steps, and callable from inside the statement that decides the earning (a video watch's completion
 * marks the watch and pays it in one statement).
 *
 * - The functions of the award — `ledger_limit_key` (the builder of an allowance's key), `ledger_award` (the caller
 *   names what happened; the key is built there) and `session_earner` (the user a session token may earn for) —
 *   are the texts of src/server/ledger/sql/*.sql, put in place after the migrations
 *   (docs/decisions/116-award-baseline.md). Installs made before then ran this migration with that day's versions
 *   in it, which the start-up replaced since; here only the previous `ledger_award` goes, on an install that ran
 *   migration 0150 with it.
 * - `ledger_allowances`: what each allowance has used (written only by `ledger_award`, under the profile lock);
 *   the ledger rows keep their `limit_key` too, as the record; the allowance panel reads the counters. Rows of past days are
 *   deleted by the `ledger.allowances` job (src/server/ledger/ledger-allowances.job.ts).
 * - `user_profiles.goal_day` / `goal_coins`: the UTC day of the user's last goal-counting award and that day's
 *   goal coins (written only by `ledger_award`, under the profile lock, in the balance's statement).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table user_profiles add column goal_day date",
    "alter table user_profiles add column goal_coins integer not null default 0 check (goal_coins >= 0)",
    `update user_profiles p set goal_day = t.day, goal_coins = t.coins from (
       select user_id, (now() at time zone 'UTC')::date as day, sum(amount)::integer as coins from coin_ledger
       where kind in ${playKindsSqlList}
         and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
       group by user_id) t
     where t.user_id = p.id`,
    `create table ledger_allowances (
       user_id text not null,
       limit_key text not null,
       day date not null,
       used integer not null check (used >= 0),
       primary key (user_id, limit_key))`,
    "create index ledger_allowances_day_idx on ledger_allowances (day)",
    `insert into ledger_allowances (user_id, limit_key, day, used)
       select user_id, limit_key, right(limit_key, 10)::date, count(*)::integer from coin_ledger
       where limit_key is not null and right(limit_key, 10) ~ '^\\d{4}-\\d{2}-\\d{2}$'
       group by user_id, limit_key`,
    "drop function if exists ledger_award(text, integer, text, text, text, text, integer)",
  ]);
}
