import type { Kysely } from "kysely";
import type { ConcurrentIndex } from "../concurrent-indexes";

/**
 * The console's queues page by key (docs/product.md, "Admin console"; ADR 079). The redemption queue's order —
 * pending oldest first, then payout failed, approved and the rest newest first — is an expression of two
 * columns; this index holds it, so a page after a cursor is one index range. Built CONCURRENTLY after the
 * migrations (db/concurrent-indexes.ts).
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export const concurrentIndexes: readonly ConcurrentIndex[] = [
  {
    name: "redemptions_queue_idx",
    on: `redemptions ((case status when 'pending' then 0 when 'failed' then 1 when 'approved' then 2 else 3 end), (case when status = 'pending' then id else -id end))`,
  },
];
