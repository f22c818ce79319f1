import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * The award writes one event; its listeners consume it (docs/decisions/067-award-event.md).
 *
 * - `sql_functions`: the content hash of each SQL function file applied (src/server/db/sql-functions.ts): the
 *   functions themselves (the award, `ledger_limit_key`, `session_earner`, `ledger_coins_today`) now live in
 *   `src/server/ledger/sql/*.sql` and are put in place after the migrations, on every start-up, when their file
 *   changed. On installs made before docs/decisions/116-award-baseline.md, the versions migrations 0150 and 0160
 *   created are replaced there (dropped and created again); since then those migrations create none.
 * - `ledger_events`: the outbox. One 'paid' row per paid award, written by the award in its transaction (its key
 *   is the ledger row's id). Consumers (src/server/ledger/ledger-events.ts) record each event they handled in
 *   `ledger_event_consumptions` — one row per event and consumer, in the transaction of the consumer's effect —
 *   so each effect happens exactly once across crashes and instances. Events every consumer has handled are
 *   deleted after a day.
 * - `coin_ledger_user_created_idx`: a user's rows of one day (the earning answers' coins today, the streak).
 * - The profile's `goal_day`, `goal_coins` and `first_earned_at` go: the award no longer keeps the daily goal's
 *   coins nor stamps a first earning (the streak and the referral rules are consumers of the event).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table sql_functions (
       name text primary key,
       hash text not null,
       applied_at timestamptz not null default now())`,
    `create table ledger_events (
       entry_id bigint primary key,
       user_id text not null,
       kind text not null,
       amount integer not null,
       created_at timestamptz not null default now())`,
    "create index ledger_events_user_idx on ledger_events (user_id)",
    `create table ledger_event_consumptions (
       entry_id bigint not null references ledger_events (entry_id) on delete cascade,
       consumer text not null check (length(consumer) between 1 and 50),
       consumed_at timestamptz not null default now(),
       primary key (entry_id, consumer))`,
    "create index coin_ledger_user_created_idx on coin_ledger (user_id, created_at)",
    "alter table user_profiles drop column goal_day",
    "alter table user_profiles drop column goal_coins",
    "alter table user_profiles drop column first_earned_at",
  ]);
}
