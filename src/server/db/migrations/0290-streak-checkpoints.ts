import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * A checkpoint of each player's streak (docs/decisions/080-streak-checkpoints.md): the state after a closed day
 * (`through`, at least 29 days back) — the counts, the freezes held and the last events shown — so reading the
 * streak folds the ledger's rows of the days after it only. Derived from the ledger, valid only under the rules it
 * was made with (the columns after `events`): a checkpoint of other rules is ignored and replaced. It goes with
 * its user (cascade); a deleted account's is not personal data (counts of days).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table streak_checkpoints (
       user_id text primary key references "user" ("id") on delete cascade,
       through date not null,
       current integer not null check (current >= 0),
       longest integer not null check (longest >= current),
       freezes_held integer not null check (freezes_held >= 0),
       events jsonb not null,
       goal_coins integer not null,
       bonus_coins integer not null,
       bonus_every_days integer not null,
       freeze_every_days integer not null,
       max_freezes integer not null,
       updated_at timestamptz not null default now())`,
  ]);
}
