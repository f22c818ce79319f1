import { sql } from "kysely";
import type { Earned } from "~/core/api/earned";
import type { StreakView } from "~/core/api/streak";
import { nextUtcMidnight, utcDay } from "~/core/earning";
import {
  addDays,
  type DayEarnings,
  evaluateStreak,
  FREEZE_EVERY_DAYS,
  GOAL_KINDS,
  MAX_FREEZES,
  type StreakRules,
} from "~/core/streak";
import type { Database } from "../db/client";
import { streakCauseKey } from "../ledger/cause-keys";
import { type AwardResult, award } from "../ledger/ledger.service";

/**
 * The daily goal and the streak on the server (docs/product.md, "Daily goal and streak"; ADR 052). Nothing is
 * stored but the ledger: the coins of each UTC day are summed from the user's earning rows and the rules of
 * src/core/streak.ts decide the rest. A milestone's bonus is paid through the ledger's award() with the cause key
 * `streak:<user>:<day>:<milestone>`, so any number of evaluations pay it once.
 *
 * When it is evaluated: after every earning request that brought today to the goal (the route adds the bonus to
 * its `earned`), and whenever the streak is read (GET /api/streak), which also settles a bonus an interrupted
 * request left unpaid. Missed days need no job: they are decided lazily, the next time the streak is read.
 */

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
 * Coins earned (GOAL_KINDS) today (UTC): the day's total the ledger keeps on the profile row with every award
 * (migration 0160), one row read however long the history.
 */
async function earnedToday(db: Database, userId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom("user_profiles")
    .select(sql<number>`case when goal_day = ${utcDay(now)}::date then goal_coins else 0 end`.as("coins"))
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.coins ?? 0;
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

/**
 * After an earning request: when it brought today's coins to the goal (or replayed a request that may have),
 * settles the streak and adds a milestone bonus it paid to the request's `earned` (balance included). An award
 * made after the goal was already met needs nothing: the bonus was decided when the goal was reached.
 */
export async function afterEarning(
  db: Database,
  userId: string,
  earned: Earned | null,
  rules: StreakRules,
  now: Date = new Date(),
): Promise<Earned | null> {
  if (rules.bonusCoins === 0) return earned;
  // A paid earning's answer carries the day's goal coins from its award; a replay's is read.
  const coins = earned?.goalCoinsToday ?? (await earnedToday(db, userId, now));
  if (coins < rules.goalCoins) return earned;
  if (earned && coins - earned.amount >= rules.goalCoins) return earned;
  const { state, bonus } = await settleStreak(db, userId, rules, now);
  if (!bonus || bonus.duplicate || bonus.amount === 0 || state.milestoneToday === null) return earned;
  const streakBonus = { amount: bonus.amount, milestone: state.milestoneToday };
  return earned
    ? { ...earned, balance: bonus.balance, streakBonus }
    : {
        amount: 0,
        reason: bonus.reason,
        balance: bonus.balance,
        entryId: bonus.entryId,
        referralBonus: 0,
        streakBonus,
      };
}

const SHOWN_DAYS = 28;
const SHOWN_EVENTS = 20;

/** The streak as the dashboard shows it; reading it settles a milestone bonus still due today. */
export async function getStreak(
  db: Database,
  userId: string,
  rules: StreakRules,
  now: Date = new Date(),
): Promise<StreakView> {
  const { state } = await settleStreak(db, userId, rules, now);
  const known = new Map(state.days.map((d) => [d.day, d]));
  const days = Array.from({ length: SHOWN_DAYS }, (_, i) => {
    const day = addDays(state.today, i - (SHOWN_DAYS - 1));
    return (
      known.get(day) ?? {
        day,
        coins: 0,
        state: day === state.today ? ("open" as const) : ("missed" as const),
      }
    );
  });
  const bonuses = await db
    .selectFrom("coin_ledger")
    .select(["amount", "reason", "created_at"])
    .where("user_id", "=", userId)
    .where("kind", "=", "streak_bonus")
    .orderBy("id", "desc")
    .limit(SHOWN_EVENTS)
    .execute();
  return {
    rules: { ...rules, freezeEveryDays: FREEZE_EVERY_DAYS, maxFreezes: MAX_FREEZES },
    today: {
      day: state.today,
      coins: state.todayCoins,
      met: state.todayMet,
      endsAt: nextUtcMidnight(now).toISOString(),
    },
    current: state.current,
    longest: state.longest,
    freezesHeld: state.freezesHeld,
    nextMilestone: state.nextMilestone,
    days,
    events: state.events.slice(-SHOWN_EVENTS).reverse(),
    bonuses: bonuses.map((b) => ({
      amount: b.amount,
      reason: b.reason,
      createdAt: new Date(b.created_at).toISOString(),
    })),
  };
}

/**
 * An earning request's answer with any milestone bonus it reached (afterEarning). `reached` says whether the
 * request may have paid coins (a new or replayed paid action); other requests are answered as they are.
 */
export async function withStreakBonus<T extends { earned: Earned | null }>(
  db: Database,
  userId: string,
  result: T,
  rules: StreakRules,
  reached: boolean = result.earned !== null,
): Promise<T> {
  if (!reached) return result;
  return { ...result, earned: await afterEarning(db, userId, result.earned, rules) };
}
