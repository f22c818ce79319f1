import type { Kysely } from "kysely";
import type { ConcurrentIndex } from "../concurrent-indexes";

/**
 * A player's rows by time, with what the readers of a window sum (docs/product.md, "Admin console" and "Daily
 * goal and streak"): `coin_ledger (user_id, created_at) INCLUDE (kind, amount)` takes the place of
 * `coin_ledger_user_created_idx` (the same key without the two columns). The redemption queue's earnings by
 * channel (90 days of each queued player), the streak's and the month chart's days read kind and amount from the
 * index alone (an index-only scan) instead of one heap page per row: at 1 M players, the queue's 100 players'
 * 90 days were ~90 000 rows on ~78 000 heap pages (2 s). Built CONCURRENTLY after the migrations; the old index
 * is dropped (CONCURRENTLY) only once the new one is valid (db/concurrent-indexes.ts).
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export const concurrentIndexes: readonly ConcurrentIndex[] = [
  {
    name: "coin_ledger_user_created_incl_idx",
    on: "coin_ledger (user_id, created_at) include (kind, amount)",
    replaces: "coin_ledger_user_created_idx",
  },
];
