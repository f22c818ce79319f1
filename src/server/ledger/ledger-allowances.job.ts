import { sql } from "kysely";
import type { Database } from "../db/client";
import type { JobHandler } from "../jobs/jobs.worker";

/**
 * The recurring job (scheduled hourly by serve.ts) that forgets the allowance counters of past days
 * (`ledger_allowances`, migration 0160): an allowance is per UTC day, and no award counts against a day that
 * ended more than a day ago (a watch started before midnight may be completed after it).
 */
export const LEDGER_ALLOWANCES_QUEUE = "ledger.allowances";
export const LEDGER_ALLOWANCES_EVERY_MS = 60 * 60 * 1000;

/** Deletes the counters of the UTC days before yesterday (as of `now`); returns how many. */
export async function forgetPastAllowances(db: Database, now: Date = new Date()): Promise<number> {
  const result = await sql`delete from ledger_allowances
    where day < (${now}::timestamptz at time zone 'UTC')::date - 1`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export const ledgerAllowancesJobHandler =
  (db: Database): JobHandler =>
  async () => {
    await forgetPastAllowances(db);
  };
