import { PLAY_KINDS } from "./coins";

/**
 * The daily goal and the streak (docs/product.md, "Daily goal and streak"): pure rules, shared by the server, which
 * decides and pays, and the browser, which shows them. Days are UTC days ("2026-11-23").
 *
 * - A day is met when the coins earned that day (wins, quiz answers and bonuses, video watches — not referral
 *   bonuses, adjustments or streak bonuses) reach the goal.
 * - Each day met extends the streak by one. A past day missed resets it to 0 — unless a streak freeze is held,
 *   then one freeze is used up and the streak stays as it was. Today never breaks a streak: it is still running.
 * - A freeze is earned, never bought: one each time the streak reaches a multiple of FREEZE_EVERY_DAYS days, while
 *   fewer than MAX_FREEZES are held.
 * - A milestone is a streak of a multiple of `bonusEveryDays` days: the day it is reached pays `bonusCoins` once.
 */

export interface StreakRules {
  /** Coins to earn in a UTC day for it to count (DAILY_GOAL_COINS). */
  goalCoins: number;
  /** The milestone bonus (STREAK_BONUS_COINS); 0 pays none. */
  bonusCoins: number;
  /** A milestone every this many days in a row (STREAK_BONUS_EVERY_DAYS). */
  bonusEveryDays: number;
}

export const DEFAULT_STREAK_RULES: StreakRules = { goalCoins: 100, bonusCoins: 25, bonusEveryDays: 7 };

/** One streak freeze for every this many days met in a row. */
export const FREEZE_EVERY_DAYS = 7;
/** Freezes a player may hold at a time. */
export const MAX_FREEZES = 2;

/** The ledger kinds whose coins count toward the daily goal: what a player earns by playing (PLAY_KINDS). */
export const GOAL_KINDS = PLAY_KINDS;

/** Coins earned (GOAL_KINDS) in one UTC day. */
export interface DayEarnings {
  day: string;
  coins: number;
}

export type StreakEventKind = "freeze-earned" | "freeze-used" | "reset" | "milestone";

export interface StreakEvent {
  day: string;
  kind: StreakEventKind;
  /** The streak in days after that day. */
  streak: number;
}

export type DayState = "met" | "frozen" | "missed" | "open";

export interface StreakState {
  today: string;
  /** Coins counted toward today's goal so far. */
  todayCoins: number;
  todayMet: boolean;
  /** Days in a row, up to today if it is met, else up to yesterday (still alive: today can extend it). */
  current: number;
  longest: number;
  freezesHeld: number;
  /** Every day from the first earning day through today, oldest first. */
  days: { day: string; coins: number; state: DayState }[];
  /** What happened on the way, oldest first. */
  events: StreakEvent[];
  /** The streak length of the next milestone (the one today would reach, if not met yet). */
  nextMilestone: number;
  /** The milestone today reached, when it pays a bonus (today met, streak a multiple of bonusEveryDays). */
  milestoneToday: number | null;
}

const DAY_MS = 86_400_000;

/** The UTC day `n` days after `day` (before, for a negative n). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

function isDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && addDays(day, 0) === day;
}

/** The milestone a streak of `streak` days reaches, or null. */
export function milestoneOf(streak: number, rules: StreakRules): number | null {
  return rules.bonusCoins > 0 && rules.bonusEveryDays > 0 && streak > 0 && streak % rules.bonusEveryDays === 0
    ? streak
    : null;
}

/**
 * Evaluates the streak as of `today` from the coins earned per day (any order; days after today and days with
 * no coins are ignored). Deterministic: the same history and rules always give the same state, so the server
 * can decide lazily — missed days are settled whenever the streak is next read — and pay a milestone by a cause
 * key of its day.
 */
export function evaluateStreak(
  history: readonly DayEarnings[],
  today: string,
  rules: StreakRules,
): StreakState {
  if (!isDay(today)) throw new Error(`not a UTC day: ${today}`);
  const coins = new Map<string, number>();
  for (const { day, coins: n } of history) {
    if (!isDay(day)) throw new Error(`not a UTC day: ${day}`);
    if (day > today || n <= 0) continue;
    coins.set(day, (coins.get(day) ?? 0) + n);
  }
  const goal = Math.max(1, rules.goalCoins);
  const first = [...coins.keys()].sort()[0] ?? today;
  const days: StreakState["days"] = [];
  const events: StreakEvent[] = [];
  let current = 0;
  let longest = 0;
  let freezesHeld = 0;
  let milestoneToday: number | null = null;
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const n = coins.get(day) ?? 0;
    if (n >= goal) {
      current += 1;
      longest = Math.max(longest, current);
      days.push({ day, coins: n, state: "met" });
      if (current % FREEZE_EVERY_DAYS === 0 && freezesHeld < MAX_FREEZES) {
        freezesHeld += 1;
        events.push({ day, kind: "freeze-earned", streak: current });
      }
      const milestone = milestoneOf(current, rules);
      if (milestone !== null) {
        events.push({ day, kind: "milestone", streak: current });
        if (day === today) milestoneToday = milestone;
      }
    } else if (day === today) {
      days.push({ day, coins: n, state: "open" });
    } else if (current > 0 && freezesHeld > 0) {
      freezesHeld -= 1;
      days.push({ day, coins: n, state: "frozen" });
      events.push({ day, kind: "freeze-used", streak: current });
    } else {
      days.push({ day, coins: n, state: "missed" });
      if (current > 0) events.push({ day, kind: "reset", streak: 0 });
      current = 0;
    }
  }
  const todayCoins = coins.get(today) ?? 0;
  const todayMet = todayCoins >= goal;
  const every = Math.max(1, rules.bonusEveryDays);
  const base = todayMet ? current : current + 1;
  return {
    today,
    todayCoins,
    todayMet,
    current,
    longest,
    freezesHeld,
    days,
    events,
    nextMilestone: Math.ceil(base / every) * every + (todayMet && base % every === 0 ? every : 0),
    milestoneToday,
  };
}
