import { type Kysely, sql, type Transaction } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import type { Database } from "../db/client";
import { FILL_ROLLUP_DAYS } from "../db/rollup-days-fill";
import type { DB } from "../db/schema";
import { ROLLUPS_CONSUMER } from "./rollups-consumer";

/**
 * `npm run rollups:rebuild` (docs/decisions/071-rollups.md): the daily figures computed again from the ledger and
 * the source tables — what migration 0220 did once — replacing what the rollups hold.
 *
 * One transaction at REPEATABLE READ, so every statement reads one moment of the database: the rollups' consumer
 * is held off first (its advisory lock, held by this connection for the run), then the rollup tables are locked
 * against the transitions that write them (sign-ups, deletions, approvals, payouts wait for the commit; earning
 * does not). Every ledger event of that moment is recorded as taken by the rollups (its row is counted here); a
 * row committed later is not in the moment, and its event is taken after the commit, once. The ledger is read in
 * chunks of ids (its primary key, which grows with time, so a chunk is a stretch of days), each chunk summed by
 * the database into its days: neither this process nor one statement holds the whole ledger.
 */

const day = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);

export interface RebuildSummary {
  ledgerRows: number;
  chunks: number;
  days: number;
}

/** The ledger rows with ids in [lo, hi): their kinds' credit and debit, and their earners. */
async function addLedgerChunk(trx: Transaction<DB>, lo: number, hi: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    with ledger as (
      insert into rollup_ledger_days as r (day, kind, credit, debit)
      select ${day("created_at")}, kind, sum(greatest(amount, 0)), sum(greatest(-amount, 0))
      from coin_ledger where id >= ${lo} and id < ${hi} group by 1, 2
      on conflict (day, kind) do update set credit = r.credit + excluded.credit, debit = r.debit + excluded.debit
      returning 1)
    select count(*) as n from coin_ledger where id >= ${lo} and id < ${hi}`.execute(trx);
  await sql`insert into rollup_earners (day, user_id)
    select distinct ${day("created_at")}, user_id from coin_ledger
    where id >= ${lo} and id < ${hi} and kind in ${sql.raw(playKindsSqlList)}
    on conflict do nothing`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

async function rebuildIn(trx: Transaction<DB>, chunk: number, log: (line: string) => void) {
  await sql`lock table rollup_days, rollup_ledger_days, rollup_earners in exclusive mode`.execute(trx);
  await sql`insert into ledger_event_consumptions (entry_id, consumer)
    select entry_id, ${ROLLUPS_CONSUMER} from ledger_events on conflict do nothing`.execute(trx);
  for (const table of ["rollup_ledger_days", "rollup_days", "rollup_earners"] as const)
    await trx.deleteFrom(table).execute();
  const bounds = await trx
    .selectFrom("coin_ledger")
    .select([sql<string | null>`min(id)`.as("lo"), sql<string | null>`max(id)`.as("hi")])
    .executeTakeFirstOrThrow();
  const summary: RebuildSummary = { ledgerRows: 0, chunks: 0, days: 0 };
  if (bounds.lo !== null && bounds.hi !== null) {
    for (let lo = Number(bounds.lo); lo <= Number(bounds.hi); lo += chunk) {
      summary.ledgerRows += await addLedgerChunk(trx, lo, lo + chunk);
      summary.chunks++;
      if (summary.chunks % 20 === 0) log(`ledger rows up to id ${lo + chunk - 1}: ${summary.ledgerRows}`);
    }
  }
  // What is not a ledger row's own figure (active earners, sign-ups, approvals, payouts, deletions): the text
  // migration 0220 ran, on the emptied `rollup_days` as there.
  await sql.raw(FILL_ROLLUP_DAYS).execute(trx);
  const days = await trx
    .selectFrom("rollup_days")
    .select(sql<string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  summary.days = Number(days.n);
  return summary;
}

/** Recomputes every rollup (see above). `chunk`: ledger ids per statement. */
export async function rebuildRollups(
  db: Database,
  options: { chunk?: number; log?: (line: string) => void } = {},
): Promise<RebuildSummary> {
  const { chunk = 100_000, log = () => {} } = options;
  return db.connection().execute(async (conn: Kysely<DB>) => {
    const key = sql`hashtextextended(${`ledger-events:${ROLLUPS_CONSUMER}`}, 0)`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await conn
        .transaction()
        .setIsolationLevel("repeatable read")
        .execute((trx) => rebuildIn(trx, chunk, log));
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
