import { sql } from "kysely";
import type { Earned } from "~/core/api/earned";
import type { StreakView } from "~/core/api/streak";
import { nextUtcMidnight, utcDay } from "~/core/earning";
import {
  FREEZE_EVERY_DAYS,
  GOAL_KINDS,
  MAX_FREEZES,
  SHOWN_EVENTS,
  type StreakRules,
  shownDays,
} from "~/core/streak";
import type { Database } from "../db/client";
import type { AwardResult } from "../ledger/ledger.service";
import { consumeUserEvents } from "../ledger/ledger-events";
import { streakConsumer } from "./streak-consumer";
import { settleStreak } from "./streak-settle";

export { earnedPerDay, settleStreak } from "./streak-settle";

/**
 * The daily goal and the streak on the server (docs/product.md, "Daily goal and streak"; ADR 052). The coins of
 * each UTC day are summed from the user's earning rows and the rules of src/core/streak.ts decide the rest; a
 * per-player checkpoint (ADR 080, streak-checkpoints.ts) keeps the fold of the days at least 29 days back, so a read
 * sums the rows of the days after it only. A milestone's bonus is paid through the ledger's award() with the cause key
 * `streak:<user>:<day>:<milestone>`, so any number of evaluations pay it once.
 *
 * When it is evaluated: as a consumer of the award's 'paid' events (streak-consumer.ts), for the day whose goal
 * an earning reached — at once by the earning request that reached it (the route adds the bonus to its
 * `earned`), else by the ledger's recurring job, so a bonus an interrupted request left unpaid is paid once
 * — and whenever the streak is read (GET /api/streak). Missed days need no job: they are decided lazily, the
 * next time the streak is read.
 */

/** Coins earned (GOAL_KINDS) today (UTC): the user's rows of today (coin_ledger_user_created_incl_idx). */
async function earnedToday(db: Database, userId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom("coin_ledger")
    .select(sql<number>`coalesce(sum(amount), 0)::int`.as("coins"))
    .where("user_id", "=", userId)
    .where("kind", "in", GOAL_KINDS)
    .where("created_at", ">=", new Date(`${utcDay(now)}T00:00:00Z`))
    .executeTakeFirst();
  return Number(row?.coins ?? 0);
}

/**
 * After an earning request: when it brought today's coins to the goal (or replayed a request that may have),
 * settles the streak and adds a milestone bonus it paid to the request's `earned` (balance included). A paid
 * earning takes its user's events for the streak's consumer at once (streak-consumer.ts: the bonus and the
 * record that the events were handled commit together; the recurring job takes them otherwise); a replay
 * settles the streak as a read does. An award made after the goal was already met needs nothing: the bonus was
 * decided when the goal was reached.
 */
export async function afterEarning(
  db: Database,
  userId: string,
  earned: Earned | null,
  rules: StreakRules,
  now: Date = new Date(),
): Promise<Earned | null> {
  if (rules.bonusCoins === 0) return earned;
  // A paid earning's answer carries the day's goal coins (read after its award); a replay's is read.
  const coins = earned?.goalCoinsToday ?? (await earnedToday(db, userId, now));
  if (coins < rules.goalCoins) return earned;
  if (earned && coins - earned.amount >= rules.goalCoins) return earned;
  let paid: { bonus: AwardResult; milestone: number } | undefined;
  if (earned) paid = (await consumeUserEvents(db, streakConsumer(rules), userId))?.[0];
  else {
    const { state, bonus } = await settleStreak(db, userId, rules, now);
    if (bonus && !bonus.duplicate && bonus.amount > 0 && state.milestoneToday !== null)
      paid = { bonus, milestone: state.milestoneToday };
  }
  if (!paid) return earned;
  const { bonus } = paid;
  const streakBonus = { amount: bonus.amount, milestone: paid.milestone };
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

/** The streak as the dashboard shows it; reading it settles a milestone bonus still due today. */
export async function getStreak(
  db: Database,
  userId: string,
  rules: StreakRules,
  now: Date = new Date(),
): Promise<StreakView> {
  const { state } = await settleStreak(db, userId, rules, now);
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
    days: shownDays(state),
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
