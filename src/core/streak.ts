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
  /** Every day from the first earning day (or the day after the checkpoint) through today, oldest first. */
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
 * The state after a closed day — a past day, its miss (if any) decided — from which a fold can go on instead of
 * starting again at the first earning day: evaluateStreak(history, today, rules, checkpoint) folds only the days
 * after `through` and gives what the full fold gives for everything the dashboard shows (the counts, the next
 * milestone, today, the last SHOWN_EVENTS events; the days after `through`).
 */
export interface StreakCheckpoint {
  /** The last day folded in. */
  through: string;
  current: number;
  longest: number;
  freezesHeld: number;
  /** The last SHOWN_EVENTS events up to `through`, oldest first. */
  events: StreakEvent[];
}

/** The days the dashboard shows, today included, and the events it lists (the newest). */
export const SHOWN_DAYS = 28;
export const SHOWN_EVENTS = 20;

/** A fold in progress. */
interface Fold {
  current: number;
  longest: number;
  freezesHeld: number;
  days: StreakState["days"];
  events: StreakEvent[];
  milestoneToday: number | null;
}

function startFold(from: StreakCheckpoint | undefined): Fold {
  return {
    current: from?.current ?? 0,
    longest: from?.longest ?? 0,
    freezesHeld: from?.freezesHeld ?? 0,
    days: [],
    events: from ? [...from.events] : [],
    milestoneToday: null,
  };
}

/** The coins of each day after `after` (if given) up to `upTo`; days with no coins are left out. */
function coinsByDay(
  history: readonly DayEarnings[],
  after: string | undefined,
  upTo: string,
): Map<string, number> {
  const coins = new Map<string, number>();
  for (const { day, coins: n } of history) {
    if (!isDay(day)) throw new Error(`not a UTC day: ${day}`);
    if (day > upTo || (after !== undefined && day <= after) || n <= 0) continue;
    coins.set(day, (coins.get(day) ?? 0) + n);
  }
  return coins;
}

/** Folds every day from `from` through `to` into `f`, in order; `today`, if among them, is still open. */
function foldDays(
  f: Fold,
  coins: ReadonlyMap<string, number>,
  range: { from: string; to: string; today: string },
  rules: StreakRules,
): void {
  const goal = Math.max(1, rules.goalCoins);
  const { today } = range;
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const n = coins.get(day) ?? 0;
    if (n >= goal) {
      f.current += 1;
      f.longest = Math.max(f.longest, f.current);
      f.days.push({ day, coins: n, state: "met" });
      if (f.current % FREEZE_EVERY_DAYS === 0 && f.freezesHeld < MAX_FREEZES) {
        f.freezesHeld += 1;
        f.events.push({ day, kind: "freeze-earned", streak: f.current });
      }
      const milestone = milestoneOf(f.current, rules);
      if (milestone !== null) {
        f.events.push({ day, kind: "milestone", streak: f.current });
        if (day === today) f.milestoneToday = milestone;
      }
    } else if (day === today) {
      f.days.push({ day, coins: n, state: "open" });
    } else if (f.current > 0 && f.freezesHeld > 0) {
      f.freezesHeld -= 1;
      f.days.push({ day, coins: n, state: "frozen" });
      f.events.push({ day, kind: "freeze-used", streak: f.current });
    } else {
      f.days.push({ day, coins: n, state: "missed" });
      if (f.current > 0) f.events.push({ day, kind: "reset", streak: 0 });
      f.current = 0;
    }
  }
}

const firstDay = (coins: ReadonlyMap<string, number>): string | undefined => [...coins.keys()].sort()[0];

/**
 * Evaluates the streak as of `today` from the coins earned per day (any order; days after today and days with
 * no coins are ignored). Deterministic: the same history and rules always give the same state, so the server
 * can decide lazily — missed days are settled whenever the streak is next read — and pay a milestone by a cause
 * key of its day.
 *
 * From a checkpoint (`from`, a day before today, made under the same rules), only the days after it are folded
 * (earlier days of `history` are ignored) and `days` starts the day after it.
 */
export function evaluateStreak(
  history: readonly DayEarnings[],
  today: string,
  rules: StreakRules,
  from?: StreakCheckpoint,
): StreakState {
  if (!isDay(today)) throw new Error(`not a UTC day: ${today}`);
  if (from && !(isDay(from.through) && from.through < today))
    throw new Error(`a checkpoint must end before today: ${from.through}`);
  const coins = coinsByDay(history, from?.through, today);
  const f = startFold(from);
  const first = from ? addDays(from.through, 1) : (firstDay(coins) ?? today);
  foldDays(f, coins, { from: first, to: today, today }, rules);
  const { current } = f;
  const todayCoins = coins.get(today) ?? 0;
  const todayMet = todayCoins >= Math.max(1, rules.goalCoins);
  const every = Math.max(1, rules.bonusEveryDays);
  const base = todayMet ? current : current + 1;
  return {
    today,
    todayCoins,
    todayMet,
    current,
    longest: f.longest,
    freezesHeld: f.freezesHeld,
    days: f.days,
    events: f.events,
    nextMilestone: Math.ceil(base / every) * every + (todayMet && base % every === 0 ? every : 0),
    milestoneToday: f.milestoneToday,
  };
}

/**
 * The checkpoint after the closed day `through`: the fold of `history` up to it (days after it are ignored),
 * from an earlier checkpoint when given (then only the days after that one are folded).
 */
export function streakCheckpoint(
  history: readonly DayEarnings[],
  through: string,
  rules: StreakRules,
  from?: StreakCheckpoint,
): StreakCheckpoint {
  if (!isDay(through)) throw new Error(`not a UTC day: ${through}`);
  if (from && !(isDay(from.through) && from.through <= through))
    throw new Error(`a checkpoint cannot go back: ${from.through} > ${through}`);
  const coins = coinsByDay(history, from?.through, through);
  const f = startFold(from);
  const first = from ? addDays(from.through, 1) : (firstDay(coins) ?? addDays(through, 1));
  // No day of the range is open: `through` is closed, a miss on it is decided.
  foldDays(f, coins, { from: first, to: through, today: addDays(through, 1) }, rules);
  const { current, longest, freezesHeld } = f;
  return { through, current, longest, freezesHeld, events: f.events.slice(-SHOWN_EVENTS) };
}

/** The last `n` days up to the state's today, oldest first: a day it does not hold had no coins (missed). */
export function shownDays(state: StreakState, n: number = SHOWN_DAYS): StreakState["days"] {
  const known = new Map(state.days.map((d) => [d.day, d]));
  return Array.from({ length: n }, (_, i) => {
    const day = addDays(state.today, i - (n - 1));
    return (
      known.get(day) ?? {
        day,
        coins: 0,
        state: day === state.today ? ("open" as const) : ("missed" as const),
      }
    );
  });
}
