import { describe, expect, it } from "vitest";
import {
  addDays,
  type DayEarnings,
  DEFAULT_STREAK_RULES,
  evaluateStreak,
  FREEZE_EVERY_DAYS,
  MAX_FREEZES,
  milestoneOf,
  type StreakRules,
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
