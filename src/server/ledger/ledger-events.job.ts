import type { Database } from "../db/client";
import type { PeriodicTask } from "../jobs/periodic-tasks";
import { consumeEvents, forgetConsumedEvents, type LedgerEventConsumer } from "./ledger-events";

/**
 * The periodic task (jobs/periodic-tasks.ts: every process, every LEDGER_EVENTS_EVERY_MS) that hands the award's
 * events to their consumers (ledger-events.ts): each consumer takes the events it has not taken yet, once they
 * are older than a short grace (the request path takes what it needs at once), and the events every consumer
 * took are forgotten a minute later. The consumers are given when the app is built (create-deps.ts).
 */
export const LEDGER_EVENTS_TASK = "ledger.events";
export const LEDGER_EVENTS_EVERY_MS = 1000;
/** How old an event is before the task takes it: the request that paid it takes what it needs before. */
export const LEDGER_EVENTS_GRACE_MS = 2000;

/** One run: every consumer in turn, then the clean-up. Returns how many events each consumer took. */
export async function dispatchLedgerEvents(
  db: Database,
  consumers: readonly LedgerEventConsumer[],
  options: { graceMs?: number } = {},
): Promise<Record<string, number>> {
  const taken: Record<string, number> = {};
  for (const consumer of consumers) taken[consumer.name] = await consumeEvents(db, consumer, options);
  await forgetConsumedEvents(
    db,
    consumers.map((c) => c.name),
  );
  return taken;
}

export function ledgerEventsTask(db: Database, consumers: readonly LedgerEventConsumer[]): PeriodicTask {
  return {
    name: LEDGER_EVENTS_TASK,
    everyMs: LEDGER_EVENTS_EVERY_MS,
    async run({ draining }) {
      const taken = await dispatchLedgerEvents(db, consumers, {
        graceMs: draining ? 0 : LEDGER_EVENTS_GRACE_MS,
      });
      return Object.values(taken).reduce((a, b) => a + b, 0);
    },
  };
}
