import type { Kysely } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import { FILL_ROLLUP_DAYS } from "../rollup-days-fill";
import { runStatements } from "../run-statements";

/**
 * The daily figures the overview and the business stats read (docs/decisions/071-rollups.md; docs/product.md,
 * "Rollups"), kept as money moves by src/server/rollups:
 * - `rollup_ledger_days`: per UTC day and ledger kind, the coins of its positive and of its negative rows;
 * - `rollup_days`: per UTC day, redemptions approved and paid out, breakage (and the accounts it came from),
 *   sign-ups and active earners;
 * - `rollup_earners`: one row per player and day they earned by playing (the key of an active earner).
 * They are filled here from what exists (the ledger, the profiles, the approvals' audit rows, the paid
 * redemptions) with the writers of those tables held off (share locks), and every event already in the outbox is
 * recorded as taken by the rollups' consumer, so nothing is counted twice. The statements are those of the
 * rebuild (src/server/rollups/rollups-rebuild.ts) over the whole ledger at once, as they are on this day; the day
 * figures' statement is the rebuild's own text, frozen (../rollup-days-fill.ts).
 */
const day = (column: string) => `(${column} at time zone 'UTC')::date`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table rollup_ledger_days (
       day date not null,
       kind text not null,
       credit bigint not null default 0,
       debit bigint not null default 0,
       primary key (day, kind))`,
    `create table rollup_days (
       day date primary key,
       approved bigint not null default 0,
       paid_out bigint not null default 0,
       breakage bigint not null default 0,
       breakage_accounts bigint not null default 0,
       sign_ups bigint not null default 0,
       active_earners bigint not null default 0)`,
    `create table rollup_earners (
       day date not null,
       user_id text not null,
       primary key (day, user_id))`,
    "lock table coin_ledger, user_profiles, redemptions, audit_log, ledger_events in share mode",
    `insert into ledger_event_consumptions (entry_id, consumer)
       select entry_id, 'rollups' from ledger_events on conflict do nothing`,
    `insert into rollup_ledger_days (day, kind, credit, debit)
       select ${day("created_at")}, kind, sum(greatest(amount, 0)), sum(greatest(-amount, 0))
       from coin_ledger group by 1, 2`,
    `insert into rollup_earners (day, user_id)
       select distinct ${day("created_at")}, user_id from coin_ledger where kind in ${playKindsSqlList}`,
    FILL_ROLLUP_DAYS,
  ]);
}
