import { describe, expect, it } from "vitest";
import type { StreakView } from "~/core/api/streak";
import { eventText, goalText, milestoneText, rulesText, shortDay } from "./streak-text";

const base: StreakView = {
  rules: { goalCoins: 100, bonusCoins: 25, bonusEveryDays: 7, freezeEveryDays: 7, maxFreezes: 2 },
  today: { day: "2026-11-27", coins: 60, met: false, endsAt: "2026-11-28T00:00:00.000Z" },
  current: 4,
  longest: 4,
  freezesHeld: 0,
  nextMilestone: 7,
  days: [],
  events: [],
  bonuses: [],
};

describe("the streak card's words", () => {
  it("say today's progress toward the goal, or that it is met", () => {
    expect(goalText(base)).toBe("60 / 100 coins today");
    expect(goalText({ ...base, today: { ...base.today, coins: 120, met: true } })).toBe(
      "Goal met today ✓ (120 coins)",
    );
  });

  it("say what the next milestone brings", () => {
    expect(milestoneText(base)).toBe("3 more days in a row for +25 coins and a streak freeze");
    expect(milestoneText({ ...base, current: 6 })).toBe(
      "1 more day in a row for +25 coins and a streak freeze",
    );
    expect(milestoneText({ ...base, freezesHeld: 2 })).toBe("3 more days in a row for +25 coins");
    expect(milestoneText({ ...base, rules: { ...base.rules, bonusCoins: 0 }, freezesHeld: 2 })).toBe(
      "Next milestone: 7 days in a row",
    );
  });

  it("tell each event of the history with how a freeze was earned", () => {
    expect(eventText({ day: "2026-11-20", kind: "freeze-earned", streak: 7 }, 25)).toBe(
      "Nov 20: streak freeze earned for 7 days in a row",
    );
    expect(eventText({ day: "2026-11-21", kind: "freeze-used", streak: 7 }, 25)).toBe(
      "Nov 21: goal missed, a streak freeze kept your 7 days",
    );
    expect(eventText({ day: "2026-11-22", kind: "reset", streak: 0 }, 25)).toBe(
      "Nov 22: goal missed, the streak started over",
    );
    expect(eventText({ day: "2026-11-20", kind: "milestone", streak: 7 }, 25)).toBe(
      "Nov 20: 7 days in a row, +25 coins bonus",
    );
  });

  it("state the rules with the configured numbers", () => {
    const rules = rulesText(base.rules).join(" ");
    expect(rules).toContain("Earn 100 coins in a day (UTC)");
    expect(rules).toContain("one for every 7 days in a row, at most 2 held");
    expect(rules).toContain("Every 7 days in a row pays a 25-coin bonus");
    expect(shortDay("2026-01-05")).toBe("Jan 5");
  });
});
