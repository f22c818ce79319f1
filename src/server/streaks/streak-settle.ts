import { sql } from "kysely";
import { utcDay } from "~/core/earning";
import { type DayEarnings, evaluateStreak, GOAL_KINDS, type StreakRules } from "~/core/streak";
import type { Database } from "../db/client";
import { streakCauseKey } from "../ledger/cause-keys";
import { type AwardResult, award } from "../ledger/ledger.service";

/** The streak's evaluation from the ledger and its milestone bonus (docs/product.md, "Daily goal and streak"). */

const DAY_EXPR = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`;

/** Coins earned per UTC day (GOAL_KINDS), the whole history of the user. */
export async function earnedPerDay(db: Database, userId: string): Promise<DayEarnings[]> {
  const rows = await db
    .selectFrom("coin_ledger")
    .select(DAY_EXPR.as("day"))
    .select(sql<string>`sum(amount)`.as("coins"))
    .where("user_id", "=", userId)
    .where("kind", "in", GOAL_KINDS)
    .groupBy(DAY_EXPR)
    .execute();
  return rows.map((r) => ({ day: r.day, coins: Number(r.coins) }));
}

/**
 * Evaluates the streak as of `now` and pays today's milestone bonus if it is due (once: its cause key). Returns
 * the evaluation and the bonus award (null when no milestone is due today).
 */
export async function settleStreak(db: Database, userId: string, rules: StreakRules, now: Date = new Date()) {
  const today = utcDay(now);
  const state = evaluateStreak(await earnedPerDay(db, userId), today, rules);
  let bonus: AwardResult | null = null;
  if (state.milestoneToday !== null)
    bonus = await award(db, {
      userId,
      kind: "streak_bonus",
      causeKey: streakCauseKey(userId, today, state.milestoneToday),
      milestone: state.milestoneToday,
    });
  return { state, bonus };
}
