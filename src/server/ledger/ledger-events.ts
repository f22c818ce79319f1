import { type RawBuilder, sql, type Transaction } from "kysely";
import type { LedgerKind } from "~/core/coins";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { inheritLedgerPolicy } from "./ledger-policy";

/**
 * The ledger's events and their consumers (ADR 067, ADR 071). Every paid award writes one 'paid' row in
 * `ledger_events` (sql/ledger-award.sql), in the transaction of its ledger row and balance, and so does every other
 * ledger row (ledger-rows.ts: adjustments, a redemption's hold and refund, referral bonuses). What follows a
 * payment — the daily goal's milestone bonus, a referred friend's first earning (both look at the earning kinds
 * only), the daily figures — is a consumer of these events, defined by its own module (src/server/streaks,
 * src/server/referrals, src/server/rollups) and handed to the ledger's job (ledger-events.job.ts) when the app is
 * built; the ledger knows none of them.
 *
 * Exactly once: a consumer takes events by inserting one `ledger_event_consumptions` row per event under its own
 * name (the consumer's cause key on the event: primary key (entry_id, consumer)), and its effect runs in that same
 * transaction. A crash before the commit leaves the events to be taken again; a concurrent taker (another
 * instance, the request path) waits on the key and then skips them.
 *
 * Two ways in: the recurring job takes every event older than a short grace (consumeEvents: a request that
 * needs a consumer's answer has taken its events by then), and a request takes its user's events at once
 * (consumeUserEvents: the streak's bonus comes with the earning that reached the goal).
 */

export interface LedgerEvent {
  /** The ledger row's id (the event's key). */
  entryId: number;
  userId: string;
  kind: LedgerKind;
  amount: number;
  /** The ledger row's time. */
  at: Date;
}

export interface LedgerEventConsumer<R = unknown> {
  /** The consumer's name: its cause key on each event (ledger_event_consumptions.consumer). */
  name: string;
  /**
   * The consumer's effect for `events` (each taken by it once, oldest first), inside `trx`, the transaction that
   * records them as taken: the effect commits with the record or not at all.
   */
  consume(trx: Transaction<DB>, events: readonly LedgerEvent[]): Promise<R>;
}

interface EventRow {
  entry_id: string | number;
  user_id: string;
  kind: LedgerKind;
  amount: number;
  at: Date | string;
}

const toEvent = (r: EventRow): LedgerEvent => ({
  entryId: Number(r.entry_id),
  userId: r.user_id,
  kind: r.kind,
  amount: r.amount,
  at: new Date(r.at),
});

/** Takes the events `due` selects (entry ids) for `consumer` in `trx`: those no one took before it. */
async function take(
  trx: Transaction<DB>,
  consumer: string,
  due: RawBuilder<unknown>,
): Promise<LedgerEvent[]> {
  const { rows } = await sql<EventRow>`
    with taken as (
      insert into ledger_event_consumptions (entry_id, consumer)
      select d.entry_id, ${consumer} from (${due}) d order by d.entry_id
      on conflict do nothing
      returning entry_id)
    select e.entry_id, e.user_id, l.kind, l.amount, l.created_at as at
    from taken join ledger_events e on e.entry_id = taken.entry_id join coin_ledger l on l.id = e.entry_id
    order by e.entry_id`.execute(trx);
  return rows.map(toEvent);
}

/**
 * Takes the events `due` selects and runs `consumer`'s effect on them in one transaction. `alone`: one process at
 * a time runs this consumer's batches (a transaction-scoped advisory lock): "try" does nothing this round when
 * another holds it, "wait" waits for it.
 */
async function takeAndConsume<R>(
  db: Database,
  consumer: LedgerEventConsumer<R>,
  due: RawBuilder<unknown>,
  alone: "try" | "wait" | null = null,
): Promise<{ taken: number; result: R | null; busy?: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (alone) {
      const key = sql`hashtextextended(${`ledger-events:${consumer.name}`}, 0)`;
      const { rows } = await (alone === "try"
        ? sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${key}) as locked`
        : sql<{ locked: boolean }>`select true as locked from (select pg_advisory_xact_lock(${key})) l`
      ).execute(trx);
      if (!rows[0]?.locked) return { taken: 0, result: null, busy: true };
    }
    inheritLedgerPolicy(trx, db);
    const events = await take(trx, consumer.name, due);
    if (events.length === 0) return { taken: 0, result: null };
    return { taken: events.length, result: await consumer.consume(trx, events) };
  });
}

/**
 * Takes every event of `userId` that `consumer` has not taken yet and runs its effect now (a request that needs
 * the answer). Null when there was none (another instance or the job took them first).
 */
export async function consumeUserEvents<R>(
  db: Database,
  consumer: LedgerEventConsumer<R>,
  userId: string,
): Promise<R | null> {
  const due = sql`select e.entry_id from ledger_events e where e.user_id = ${userId}
    and not exists (select 1 from ledger_event_consumptions c
      where c.entry_id = e.entry_id and c.consumer = ${consumer.name})`;
  try {
    return (await takeAndConsume(db, consumer, due)).result;
  } catch (error) {
    // The events were taken and forgotten (ledger_events deleted) since this statement looked: nothing is left.
    if (typeof error === "object" && error !== null && "code" in error && error.code === "23503") return null;
    throw error;
  }
}

/**
 * The periodic task's work for one consumer (ledger-events.job.ts): every event older than `graceMs` it has not
 * taken, in batches of `batch`, each batch in its own transaction. Returns how many events it took.
 */
export async function consumeEvents(
  db: Database,
  consumer: LedgerEventConsumer,
  options: { graceMs?: number; batch?: number; maxBatches?: number } = {},
): Promise<number> {
  // A drain (no grace) takes everything; a periodic run at most maxBatches, then it is the next run's turn.
  const { graceMs = 2000, batch = 500, maxBatches = graceMs > 0 ? 20 : Number.POSITIVE_INFINITY } = options;
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const due = sql`select e.entry_id from ledger_events e
      where e.created_at <= now() - ${graceMs} * interval '1 millisecond'
        and not exists (select 1 from ledger_event_consumptions c
          where c.entry_id = e.entry_id and c.consumer = ${consumer.name})
      order by e.entry_id limit ${batch}`;
    // With no grace (a drain: take everything now), wait for a batch another process runs.
    const { taken, busy } = await takeAndConsume(db, consumer, due, graceMs > 0 ? "try" : "wait");
    total += taken;
    if (busy || taken < batch) break;
  }
  return total;
}

/**
 * Deletes the events every one of `consumers` took, once older than `olderThanMs` (their consumption rows go
 * with them): the table holds the events still to be taken and the last minute's. Returns how many.
 */
export async function forgetConsumedEvents(
  db: Database,
  consumers: readonly string[],
  olderThanMs = 60_000,
): Promise<number> {
  if (consumers.length === 0) return 0;
  const result = await sql`delete from ledger_events e
    where e.created_at < now() - ${olderThanMs} * interval '1 millisecond'
      and (select count(*) from ledger_event_consumptions c
        where c.entry_id = e.entry_id and c.consumer in (${sql.join(consumers.map((c) => sql`${c}`))}))
        = ${consumers.length}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
