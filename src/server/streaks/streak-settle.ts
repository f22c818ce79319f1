import { sql } from "kysely";
import { utcDay } from "~/core/earning";
import {
  addDays,
  type DayEarnings,
  evaluateStreak,
  GOAL_KINDS,
  SHOWN_DAYS,
  type StreakRules,
  type StreakState,
  streakCheckpoint,
} from "~/core/streak";
import type { Database } from "../db/client";
import { streakCauseKey } from "../ledger/cause-keys";
import { type AwardResult, award } from "../ledger/ledger.service";
import { readCheckpoint, saveCheckpoint } from "./streak-checkpoints";

/**
 * The streak's evaluation from the ledger and its milestone bonus (docs/product.md, "Daily goal and streak"), from
 * the player's checkpoint (docs/decisions/080-streak-checkpoints.md): the ledger's rows of the days after it are
 * read, a window of at most WINDOW_DAYS days whatever the length of the history.
 */

/**
 * A checkpoint covers days at least this many days back, none of the days shown (SHOWN_DAYS, today included), and
 * far enough back that no transaction still open can add a row to them (a row's created_at is its transaction's
 * start).
 */
export const CHECKPOINT_LAG_DAYS = SHOWN_DAYS + 1;
/** When the days after the checkpoint (or the whole history, with none) pass this many, it moves up. */
export const WINDOW_DAYS = 2 * SHOWN_DAYS;

const DAY_EXPR = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Coins earned per UTC day (GOAL_KINDS): the user's rows from the UTC day `since` on (a range of
 * coin_ledger (user_id, created_at)), or of the whole history.
 */
export async function earnedPerDay(db: Database, userId: string, since?: string): Promise<DayEarnings[]> {
  const rows = await db
    .selectFrom("coin_ledger")
    .select(DAY_EXPR.as("day"))
    .select(sql<string>`sum(amount)`.as("coins"))
    .where("user_id", "=", userId)
    .$if(since !== undefined, (q) => q.where("created_at", ">=", new Date(`${since}T00:00:00Z`)))
    .where("kind", "in", GOAL_KINDS)
    .groupBy(DAY_EXPR)
    .execute();
  return rows.map((r) => ({ day: r.day, coins: Number(r.coins) }));
}

/**
 * The streak as of `today`: the user's checkpoint (if made under these rules and old enough) and the days after it.
 * When those days — or, with no checkpoint, the whole history — pass WINDOW_DAYS, the checkpoint moves up to
 * today − CHECKPOINT_LAG_DAYS, from the same rows.
 */
async function evaluate(
  db: Database,
  userId: string,
  rules: StreakRules,
  today: string,
): Promise<StreakState> {
  const closed = addDays(today, -CHECKPOINT_LAG_DAYS);
  const stored = await readCheckpoint(db, userId, rules);
  // One younger than that (read as of an earlier day than it was made) is not used: the fold starts at the first day.
  const from = stored && stored.through <= closed ? stored : undefined;
  const history = await earnedPerDay(db, userId, from && addDays(from.through, 1));
  const first = from
    ? addDays(from.through, 1)
    : history.reduce<string | undefined>((a, h) => (a && a < h.day ? a : h.day), undefined);
  if (first === undefined || first > addDays(today, -WINDOW_DAYS))
    return evaluateStreak(history, today, rules, from);
  const next = streakCheckpoint(history, closed, rules, from);
  await saveCheckpoint(db, userId, rules, next);
  return evaluateStreak(history, today, rules, next);
}

/**
 * Evaluates the streak as of `now` and pays today's milestone bonus if it is due (once: its cause key). Returns
 * the evaluation and the bonus award (null when no milestone is due today). Runs on the pool or in the caller's
 * transaction.
 */
export async function settleStreak(db: Database, userId: string, rules: StreakRules, now: Date = new Date()) {
  const today = utcDay(now);
  const state = await evaluate(db, userId, rules, today);
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
