import { randomUUID } from "node:crypto";
import { addDays } from "~/core/streak";
import { utcDay } from "~/core/utc-day";
import type { Database } from "~/server/db/client";
import { award } from "~/server/ledger/ledger.service";
import { recountPlayCoins } from "./play-coins";

/**
 * Earning history for streak tests: `coins` (a multiple of 10) earned as `video_watch` rows — each a watch of its
 * own video, paid through the ledger's own writer — on the UTC day `daysAgo` days before today, the rows then
 * moved back to that day (and the profile's coins of today recounted).
 */
export async function earnOnDay(db: Database, userId: string, daysAgo: number, coins: number): Promise<void> {
  if (coins % 10 !== 0) throw new Error("earnOnDay pays whole video watches (10 coins each)");
  const day = addDays(utcDay(new Date()), -daysAgo);
  const at = new Date(`${day}T12:00:00Z`);
  for (let n = 0; n < coins / 10; n++) {
    const result = await award(db, {
      userId,
      kind: "video_watch",
      subjectId: randomUUID(),
      causeKey: `test-history:${userId}:${randomUUID()}`,
      occurredAt: at,
    });
    await db.updateTable("coin_ledger").set({ created_at: at }).where("id", "=", result.entryId).execute();
  }
  await recountPlayCoins(db, userId);
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
