import { sql, type Transaction } from "kysely";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { consumeEvents } from "../ledger/ledger-events";
import { rollupsConsumer } from "./rollups-consumer";

/**
 * The daily figures (docs/product.md, "Rollups"; docs/decisions/071-rollups.md). Two ways in, each exactly once:
 * - every ledger row, through its event (rollups-consumer.ts): coins issued, held for redemptions, refunded,
 *   adjusted, and the active earners;
 * - the transitions that move no coin, in their own transaction (the functions below): a sign-up (the profile's
 *   insert), a redemption approved (pending → approved) or paid, an account deleted (its balance forfeited).
 * Readers first take the events still waiting (catchUp: the last seconds' rows), then read a few rows.
 */

type DayFigure = "approved" | "paid_out" | "breakage" | "breakage_accounts" | "sign_ups";

/** Adds `figures` to today's (UTC, the transaction's clock) row of `rollup_days`, inside `trx`. */
async function addToToday(trx: Transaction<DB> | Database, figures: Partial<Record<DayFigure, number>>) {
  const entries = Object.entries(figures).filter(([, n]) => n !== 0) as [DayFigure, number][];
  if (entries.length === 0) return;
  await trx
    .insertInto("rollup_days")
    .values({ day: sql<string>`(now() at time zone 'UTC')::date`, ...Object.fromEntries(entries) })
    .onConflict((oc) =>
      oc
        .column("day")
        .doUpdateSet(
          Object.fromEntries(
            entries.map(([c]) => [c, sql`rollup_days.${sql.ref(c)} + excluded.${sql.ref(c)}`]),
          ),
        ),
    )
    .execute();
}

/** In the sign-up's transaction, when the new user's profile is written. */
export const recordSignUp = (trx: Transaction<DB> | Database) => addToToday(trx, { sign_ups: 1 });

/** In the transaction that moves a redemption from pending to approved (not a retry after a failure). */
export const recordRedemptionApproved = (trx: Transaction<DB>, coins: number) =>
  addToToday(trx, { approved: coins });

/** In the transaction that records a redemption as paid. */
export const recordRedemptionPaid = (trx: Transaction<DB>, coins: number) =>
  addToToday(trx, { paid_out: coins });

/** In the deletion's transaction: the balance the account forfeits (its breakage). */
export const recordAccountDeleted = (trx: Transaction<DB>, forfeited: number) =>
  addToToday(trx, { breakage: forfeited, breakage_accounts: forfeited > 0 ? 1 : 0 });

/**
 * Takes every ledger event the rollups have not taken yet (what the last seconds wrote: the periodic task takes
 * the older ones), so a reader sees every committed row. Returns how many it took.
 */
export const catchUpRollups = (db: Database) => consumeEvents(db, rollupsConsumer, { graceMs: 0 });
