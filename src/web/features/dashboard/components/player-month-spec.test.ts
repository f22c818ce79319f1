import { describe, expect, it } from "vitest";
import { playerStatsSchema } from "~/core/api/stats";
import { toCsv } from "~/web/components/charts/chart-spec";
import { playerMonthSpec } from "./player-month-spec";

const zero = { game: 0, quiz: 0, video: 0, referral: 0, streak: 0, adjustment: 0, partner: 0 };
const stats = playerStatsSchema.parse({
  days: [
    { day: "2026-11-25", earned: { ...zero, game: 60, video: 40 }, goalMet: true },
    { day: "2026-11-26", earned: zero, goalMet: false },
    { day: "2026-11-27", earned: { ...zero, quiz: 20, streak: 25 }, goalMet: false },
  ],
});

describe("the player's month", () => {
  it("stacks each day's coins by channel and marks the goal days", () => {
    const spec = playerMonthSpec(stats);
    expect(spec.stacked).toBe(true);
    expect(spec.series.map((s) => s.label)).toEqual([
      "Games",
      "Quizzes",
      "Videos",
      "Referrals",
      "Streak bonuses",
      "Adjustments",
      "Partner offers",
      "Goal met",
    ]);
    const goal = spec.series.at(-1)!;
    expect(goal.marker).toBe(true);
    // The marker stands on top of the day's bar: its total.
    expect(goal.values).toEqual([100, null, null]);
    expect(spec.summary).toContain("1 day met the daily goal. Today: 45 coins.");
  });

  it("has the same numbers in its table and CSV, with the goal as yes / no", () => {
    const spec = playerMonthSpec(stats);
    const goal = spec.series.at(-1)!;
    expect(goal.values.map((v) => goal.format?.(v))).toEqual(["Yes", "No", "No"]);
    expect(toCsv(spec).split("\r\n")).toEqual([
      "Day (UTC),Games,Quizzes,Videos,Referrals,Streak bonuses,Adjustments,Partner offers,Goal met",
      "2026-11-25,60,0,40,0,0,0,0,yes",
      "2026-11-26,0,0,0,0,0,0,0,no",
      "2026-11-27,0,20,0,0,25,0,0,no",
      "",
    ]);
  });
});
