import { describe, expect, it } from "vitest";
import { createRng } from "#tests/support/fuzz-values";
import {
  addDays,
  type DayEarnings,
  DEFAULT_STREAK_RULES,
  evaluateStreak,
  FREEZE_EVERY_DAYS,
  MAX_FREEZES,
  milestoneOf,
  SHOWN_DAYS,
  SHOWN_EVENTS,
  type StreakCheckpoint,
  type StreakRules,
  type StreakState,
  shownDays,
  streakCheckpoint,
} from "./streak";

const rules: StreakRules = { goalCoins: 100, bonusCoins: 25, bonusEveryDays: 7 };
const TODAY = "2026-11-27";

/** `pattern` read left to right, ending today: M = goal met (100 coins), m = some coins under the goal, . = none. */
function history(pattern: string, today = TODAY): DayEarnings[] {
  const out: DayEarnings[] = [];
  [...pattern].forEach((c, i) => {
    const day = addDays(today, i - (pattern.length - 1));
    if (c === "M") out.push({ day, coins: 100 });
    if (c === "m") out.push({ day, coins: 60 });
  });
  return out;
}

describe("addDays", () => {
  it("crosses months, years and leap days in UTC", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays(TODAY, 0)).toBe(TODAY);
  });
});

describe("the daily goal", () => {
  it("is met when the day's coins reach it, not before", () => {
    expect(evaluateStreak([{ day: TODAY, coins: 99 }], TODAY, rules).todayMet).toBe(false);
    expect(evaluateStreak([{ day: TODAY, coins: 100 }], TODAY, rules).todayMet).toBe(true);
    expect(evaluateStreak([{ day: TODAY, coins: 560 }], TODAY, rules).todayMet).toBe(true);
  });

  it("adds up several rows of one day and ignores future days and empty rows", () => {
    const s = evaluateStreak(
      [
        { day: TODAY, coins: 60 },
        { day: TODAY, coins: 40 },
        { day: addDays(TODAY, 1), coins: 500 },
        { day: addDays(TODAY, -1), coins: 0 },
      ],
      TODAY,
      rules,
    );
    expect(s.todayCoins).toBe(100);
    expect(s.todayMet).toBe(true);
    expect(s.days.map((d) => d.day)).toEqual([TODAY]);
  });

  it("follows the configured goal", () => {
    expect(evaluateStreak(history("m"), TODAY, { ...rules, goalCoins: 50 }).todayMet).toBe(true);
    expect(evaluateStreak(history("M"), TODAY, { ...rules, goalCoins: 150 }).todayMet).toBe(false);
  });

  it("refuses what is not a UTC day", () => {
    expect(() => evaluateStreak([], "2026-02-30", rules)).toThrow(/UTC day/);
    expect(() => evaluateStreak([{ day: "yesterday", coins: 10 }], TODAY, rules)).toThrow(/UTC day/);
  });
});

describe("the streak", () => {
  it("is 0 with no history, and the first milestone is next", () => {
    const s = evaluateStreak([], TODAY, rules);
    expect(s).toMatchObject({ current: 0, longest: 0, freezesHeld: 0, todayMet: false, nextMilestone: 7 });
    expect(s.days).toEqual([{ day: TODAY, coins: 0, state: "open" }]);
  });

  it("goal met → streak + 1", () => {
    expect(evaluateStreak(history("MM."), TODAY, rules).current).toBe(2);
    expect(evaluateStreak(history("MMM"), TODAY, rules).current).toBe(3);
  });

  it("counts yesterday's streak while today is still open", () => {
    const s = evaluateStreak(history("MMMm"), TODAY, rules);
    expect(s.current).toBe(3);
    expect(s.todayMet).toBe(false);
    expect(s.days.at(-1)).toEqual({ day: TODAY, coins: 60, state: "open" });
  });

  it("a missed day without a freeze resets it", () => {
    const s = evaluateStreak(history("MMMm.M"), TODAY, rules);
    expect(s.current).toBe(1);
    expect(s.longest).toBe(3);
    expect(s.events).toEqual([{ day: addDays(TODAY, -2), kind: "reset", streak: 0 }]);
    expect(s.days.map((d) => d.state)).toEqual(["met", "met", "met", "missed", "missed", "met"]);
  });

  it("a missed day with a freeze held consumes it and keeps the streak", () => {
    const s = evaluateStreak(history("MMMMMMM.M"), TODAY, rules);
    expect(s.current).toBe(8);
    expect(s.freezesHeld).toBe(0);
    expect(s.events.map((e) => e.kind)).toEqual(["freeze-earned", "milestone", "freeze-used"]);
    expect(s.days[7]).toMatchObject({ state: "frozen" });
  });

  it("two missed days with one freeze: the first is frozen, the second resets", () => {
    const s = evaluateStreak(history("MMMMMMM..M"), TODAY, rules);
    expect(s.current).toBe(1);
    expect(s.events.map((e) => e.kind)).toEqual(["freeze-earned", "milestone", "freeze-used", "reset"]);
  });

  it("a missed day with no streak uses no freeze and records no reset", () => {
    const s = evaluateStreak(history("m..M"), TODAY, rules);
    expect(s.current).toBe(1);
    expect(s.events).toEqual([]);
  });

  it("earns one freeze per FREEZE_EVERY_DAYS days in a row, at most MAX_FREEZES held", () => {
    expect(FREEZE_EVERY_DAYS).toBe(7);
    expect(MAX_FREEZES).toBe(2);
    expect(evaluateStreak(history("M".repeat(6)), TODAY, rules).freezesHeld).toBe(0);
    expect(evaluateStreak(history("M".repeat(7)), TODAY, rules).freezesHeld).toBe(1);
    expect(evaluateStreak(history("M".repeat(14)), TODAY, rules).freezesHeld).toBe(2);
    const s = evaluateStreak(history("M".repeat(28)), TODAY, rules);
    expect(s.freezesHeld).toBe(2);
    expect(s.events.filter((e) => e.kind === "freeze-earned").map((e) => e.streak)).toEqual([7, 14]);
  });

  it("a freeze used can be earned again at the next multiple", () => {
    const s = evaluateStreak(history(`${"M".repeat(7)}.${"M".repeat(7)}`), TODAY, rules);
    expect(s.current).toBe(14);
    expect(s.freezesHeld).toBe(1);
    expect(s.events.map((e) => e.kind)).toEqual([
      "freeze-earned",
      "milestone",
      "freeze-used",
      "freeze-earned",
      "milestone",
    ]);
  });

  it("a frozen day does not count as a day met: the streak does not grow on it", () => {
    const s = evaluateStreak(history(`${"M".repeat(7)}.`), TODAY, rules);
    // Today (the '.') is open, not missed: nothing is frozen yet.
    expect(s.current).toBe(7);
    expect(s.freezesHeld).toBe(1);
    const next = evaluateStreak(history(`${"M".repeat(7)}..`), TODAY, rules);
    expect(next.current).toBe(7);
    expect(next.freezesHeld).toBe(0);
  });
});

describe("milestones", () => {
  it("today's milestone is reported only when today reaches it", () => {
    expect(evaluateStreak(history("M".repeat(7)), TODAY, rules).milestoneToday).toBe(7);
    expect(evaluateStreak(history(`${"M".repeat(6)}m`), TODAY, rules).milestoneToday).toBeNull();
    expect(evaluateStreak(history(`${"M".repeat(7)}m`), TODAY, rules).milestoneToday).toBeNull();
    expect(evaluateStreak(history("M".repeat(14)), TODAY, rules).milestoneToday).toBe(14);
    expect(evaluateStreak(history("M".repeat(8)), TODAY, rules).milestoneToday).toBeNull();
  });

  it("pays none when the bonus is 0", () => {
    expect(
      evaluateStreak(history("M".repeat(7)), TODAY, { ...rules, bonusCoins: 0 }).milestoneToday,
    ).toBeNull();
    expect(milestoneOf(7, { ...rules, bonusCoins: 0 })).toBeNull();
    expect(milestoneOf(0, rules)).toBeNull();
    expect(milestoneOf(21, rules)).toBe(21);
  });

  it("names the next milestone from where the streak stands", () => {
    expect(evaluateStreak(history("MMM"), TODAY, rules).nextMilestone).toBe(7);
    expect(evaluateStreak(history("MMMMMM."), TODAY, rules).nextMilestone).toBe(7);
    expect(evaluateStreak(history("M".repeat(7)), TODAY, rules).nextMilestone).toBe(14);
    expect(evaluateStreak(history(`${"M".repeat(7)}m`), TODAY, rules).nextMilestone).toBe(14);
    expect(evaluateStreak(history("MM"), TODAY, { ...rules, bonusEveryDays: 3 }).nextMilestone).toBe(3);
  });

  it("is deterministic and order-independent", () => {
    const h = history("MM.MMMMMMMM.MMm");
    const a = evaluateStreak(h, TODAY, rules);
    const b = evaluateStreak([...h].reverse(), TODAY, rules);
    expect(b).toEqual(a);
  });
});

describe("the defaults", () => {
  it("keep the scripted daily ceiling at most 600 coins with the bonus", () => {
    // Default limits: 20 wins × 10, 3 quizzes × 110, 3 videos × 10 = 560 coins a day (docs/product.md).
    expect(560 + DEFAULT_STREAK_RULES.bonusCoins).toBeLessThanOrEqual(600);
    expect(DEFAULT_STREAK_RULES).toEqual({ goalCoins: 100, bonusCoins: 25, bonusEveryDays: 7 });
  });
});

/** The fuzzer's seeded generator (mulberry32): the same seed, the same cases, so a failure can be replayed. */
function random(seed: number) {
  const rng = createRng(seed);
  return { int: (lo: number, hi: number) => lo + rng.int(hi - lo + 1), pick: rng.pick };
}

/**
 * A random history ending at the latest `today`: runs of days met (long enough to earn freezes and reach
 * milestones) between gaps of missed days (a freeze or two used, or a reset) and days under the goal; a day's
 * coins come in one to three rows, in no order.
 */
function randomCase(seed: number) {
  const r = random(seed);
  const rules: StreakRules = {
    goalCoins: r.pick([1, 50, 100, 150]),
    bonusCoins: r.pick([0, 25, 25]),
    bonusEveryDays: r.int(1, 10),
  };
  const goal = Math.max(1, rules.goalCoins);
  const length = r.int(1, 160);
  const today = addDays(TODAY, r.int(0, 400));
  const history: DayEarnings[] = [];
  let day = addDays(today, 1 - length);
  while (day <= today) {
    const met = r.int(0, 2) > 0;
    const run = met ? r.int(1, 30) : r.int(1, 4);
    for (let i = 0; i < run && day <= today; i++, day = addDays(day, 1)) {
      const coins = met ? goal + r.int(0, 60) : r.pick([0, 0, r.int(0, goal - 1)]);
      const rows = r.int(1, 3);
      for (let k = 0; k < rows; k++)
        history.push({
          day,
          coins: k < rows - 1 ? Math.floor(coins / rows) : coins - (rows - 1) * Math.floor(coins / rows),
        });
    }
  }
  for (let i = history.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [history[i], history[j]] = [history[j]!, history[i]!];
  }
  // Any closed day: before the first earning day, inside the history, up to yesterday.
  const through = addDays(today, -r.int(1, length + 5));
  return { rules, history, today, through, r };
}

/** What GET /api/streak shows of a state (the days and events it shows, the counts and today). */
function shown(s: StreakState, days = SHOWN_DAYS) {
  const { today, todayCoins, todayMet, current, longest, freezesHeld, nextMilestone, milestoneToday } = s;
  return {
    today,
    todayCoins,
    todayMet,
    current,
    longest,
    freezesHeld,
    nextMilestone,
    milestoneToday,
    days: shownDays(s, days),
    events: s.events.slice(-SHOWN_EVENTS),
  };
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe("a checkpoint", () => {
  const CASES = 400;

  it("gives what the full fold gives, from any closed day (random histories and rules)", {
    timeout: 60_000,
  }, () => {
    const seen = { freezesHeld: 0, current: 0, events: 0, frozenAfter: 0, resetAfter: 0, milestoneToday: 0 };
    for (let seed = 1; seed <= CASES; seed++) {
      const { rules, history, today, through } = randomCase(seed);
      const full = evaluateStreak(history, today, rules);
      const checkpoint = streakCheckpoint(history, through, rules);
      const resumed = evaluateStreak(history, today, rules, checkpoint);
      const context = `seed ${seed}, through ${through}, rules ${JSON.stringify(rules)}`;
      // Every day after the checkpoint, and the 28 shown when the checkpoint is older than they are.
      const window = daysBetween(through, today);
      expect(shown(resumed, window), context).toEqual(shown(full, window));
      if (window > SHOWN_DAYS) expect(shown(resumed), context).toEqual(shown(full));
      expect(resumed.days[0]?.day, context).toBe(addDays(through, 1));
      // The history before the checkpoint is not read again: the resumed fold gives the same without it.
      const after = history.filter((h) => h.day > through);
      expect(evaluateStreak(after, today, rules, checkpoint), context).toEqual(resumed);
      if (checkpoint.freezesHeld > 0) seen.freezesHeld++;
      if (checkpoint.current > 0) seen.current++;
      if (checkpoint.events.length > 0) seen.events++;
      if (resumed.days.some((d) => d.state === "frozen")) seen.frozenAfter++;
      if (resumed.events.some((e) => e.kind === "reset" && e.day > through)) seen.resetAfter++;
      if (full.milestoneToday !== null) seen.milestoneToday++;
    }
    // The cases reach what a checkpoint must carry: a drop of any of it would fail above.
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(CASES / 20);
  });

  it("moved up from an earlier checkpoint is the checkpoint made from the start", { timeout: 60_000 }, () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const { rules, history, today, through, r } = randomCase(seed);
      const later = addDays(through, r.int(0, daysBetween(through, today) - 1));
      const step = streakCheckpoint(history, later, rules, streakCheckpoint(history, through, rules));
      expect(step, `seed ${seed}`).toEqual(streakCheckpoint(history, later, rules));
    }
  });

  it("keeps the last events only, and the state of the day it closes", () => {
    const long = history(`${"M".repeat(7)}.`.repeat(30));
    const c = streakCheckpoint(long, addDays(TODAY, -1), rules);
    expect(c.events).toHaveLength(SHOWN_EVENTS);
    expect(c.events).toEqual(evaluateStreak(long, TODAY, rules).events.slice(-SHOWN_EVENTS));
    // A missed day it closes is decided (today, open in a fold as of today, is not).
    const missed = streakCheckpoint(history("MMM."), TODAY, rules);
    expect(missed).toMatchObject({ through: TODAY, current: 0, longest: 3, freezesHeld: 0 });
    expect(evaluateStreak(history("MMM."), TODAY, rules).current).toBe(3);
    const none = streakCheckpoint([], TODAY, rules);
    expect(none).toEqual({ through: TODAY, current: 0, longest: 0, freezesHeld: 0, events: [] });
  });

  it("refuses to resume at or after today, or to go back", () => {
    const c: StreakCheckpoint = streakCheckpoint(history("MMM"), addDays(TODAY, -1), rules);
    expect(() => evaluateStreak([], addDays(TODAY, -1), rules, c)).toThrow(/before today/);
    expect(() => streakCheckpoint([], addDays(TODAY, -2), rules, c)).toThrow(/go back/);
  });
});
