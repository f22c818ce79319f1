import { sql } from "kysely";
import { PLAY_KINDS } from "~/core/coins";
import type { Database } from "../db/client";

/** A referred friend's own earnings, what the release rule counts (referral-bonus.service.ts, the referral page). */

/**
 * The kinds a friend earns through their own activity (PLAY_KINDS): what counts towards the release rule (a
 * streak bonus rewards the habit, not an activity of its own, so it does not count).
 */
export const ownEarningKinds = PLAY_KINDS;

export const earnedCoins = sql<number>`coalesce(sum(coin_ledger.amount), 0)::int`;
export const earnedDays = sql<number>`count(distinct (coin_ledger.created_at at time zone 'UTC')::date)::int`;

/** The own earnings of the friends `friendIds`: coins, and the different UTC days they were earned on. */
export async function ownEarningsOf(db: Database, friendIds: string[]) {
  if (friendIds.length === 0) return new Map<string, { coins: number; days: number }>();
  const rows = await db
    .selectFrom("coin_ledger")
    .select(["user_id", earnedCoins.as("coins"), earnedDays.as("days")])
    .where("user_id", "in", friendIds)
    .where("kind", "in", ownEarningKinds)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((r) => [r.user_id, { coins: Number(r.coins), days: Number(r.days) }]));
}
