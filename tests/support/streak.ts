import { randomUUID } from "node:crypto";
import { addDays } from "~/core/streak";
import { utcDay } from "~/core/utc-day";
import type { Database } from "~/server/db/client";
import { award } from "~/server/ledger/ledger.service";

/**
 * Earning history for streak tests: `coins` earned (as one `video_watch` row, paid through the ledger's own
 * writer) on the UTC day `daysAgo` days before today, its row then moved back to that day.
 */
export async function earnOnDay(db: Database, userId: string, daysAgo: number, coins: number): Promise<void> {
  const result = await award(db, {
    userId,
    kind: "video_watch",
    causeKey: `test-history:${userId}:${randomUUID()}`,
    paid: { amount: coins, reason: "Video watch" },
  });
  const day = addDays(utcDay(new Date()), -daysAgo);
  await db
    .updateTable("coin_ledger")
    .set({ created_at: new Date(`${day}T12:00:00Z`) })
    .where("id", "=", result.entryId)
    .execute();
}

/** `pattern` read left to right, ending today: M = 100 coins that day, m = 60, . = none. */
export async function earnPattern(db: Database, userId: string, pattern: string): Promise<void> {
  const chars = [...pattern];
  for (const [i, c] of chars.entries()) {
    const daysAgo = chars.length - 1 - i;
    if (c === "M") await earnOnDay(db, userId, daysAgo, 100);
    else if (c === "m") await earnOnDay(db, userId, daysAgo, 60);
  }
}
