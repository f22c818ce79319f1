import { sql } from "kysely";
import { type IssueChannel, issueChannels, type PlayerStats } from "~/core/api/stats";
import { issueChannelOf } from "~/core/issue-channels";
import { addDays, evaluateStreak, GOAL_KINDS, type StreakRules } from "~/core/streak";
import { utcDay } from "~/core/utc-day";
import type { Database } from "../db/client";

/** The days a player's month shows: today (UTC) and the 29 before it. */
export const PLAYER_STATS_DAYS = 30;

const DAY_EXPR = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`;

/** The user's positive rows from the UTC day `first` on, summed per day and kind (one index range, never a scan). */
export function coinsByDayAndKind(db: Database, userId: string, first: string) {
  return db
    .selectFrom("coin_ledger")
    .select([DAY_EXPR.as("day"), "kind"])
    .select(sql<string>`sum(amount)`.as("coins"))
    .where("user_id", "=", userId)
    .where("created_at", ">=", new Date(`${first}T00:00:00Z`))
    .where("amount", ">", 0)
    .groupBy([DAY_EXPR, "kind"]);
}

/**
 * A player's last 30 UTC days (docs/product.md, "Dashboard"): the coins earned each day per channel (the positive
 * ledger rows of those days, read through coin_ledger_user_created_incl_idx: one user, 30 days, never the history),
 * and whether the day met the daily goal — decided by the streak's own rule (evaluateStreak over the same days'
 * play coins), so the chart and the streak never disagree.
 */
export async function getPlayerStats(
  db: Database,
  userId: string,
  rules: StreakRules,
  now: Date = new Date(),
): Promise<PlayerStats> {
  const today = utcDay(now);
  const first = addDays(today, -(PLAYER_STATS_DAYS - 1));
  const rows = await coinsByDayAndKind(db, userId, first).execute();
  const earned = new Map<string, Record<IssueChannel, number>>();
  const goalCoins = new Map<string, number>();
  for (const row of rows) {
    const coins = Number(row.coins);
    const channel = issueChannelOf(row.kind);
    if (!channel || row.day > today) continue;
    const day = earned.get(row.day) ?? zeros();
    day[channel] += coins;
    earned.set(row.day, day);
    if ((GOAL_KINDS as readonly string[]).includes(row.kind))
      goalCoins.set(row.day, (goalCoins.get(row.day) ?? 0) + coins);
  }
  const history = [...goalCoins].map(([day, coins]) => ({ day, coins }));
  const met = new Set(
    evaluateStreak(history, today, rules)
      .days.filter((d) => d.state === "met")
      .map((d) => d.day),
  );
  return {
    days: Array.from({ length: PLAYER_STATS_DAYS }, (_, i) => {
      const day = addDays(first, i);
      return { day, earned: earned.get(day) ?? zeros(), goalMet: met.has(day) };
    }),
  };
}

function zeros(): Record<IssueChannel, number> {
  return Object.fromEntries(issueChannels.map((c) => [c, 0])) as Record<IssueChannel, number>;
}
