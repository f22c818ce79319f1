import type { StreakView } from "~/core/api/streak";

/** The words of the goal and streak card (docs/product.md, "Daily goal and streak"), pure for the tests. */

const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 27" of a UTC day. */
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'Goal met today ✓' or '60 / 100 coins today'. */
export function goalText(s: StreakView): string {
  return s.today.met
    ? `Goal met today ✓ (${s.today.coins} coins)`
    : `${s.today.coins} / ${s.rules.goalCoins} coins today`;
}

/** What the next milestone brings, e.g. '3 more days for +25 coins and a streak freeze'. */
export function milestoneText(s: StreakView): string {
  const days = s.nextMilestone - s.current;
  const rewards: string[] = [];
  if (s.rules.bonusCoins > 0 && s.nextMilestone % s.rules.bonusEveryDays === 0)
    rewards.push(`+${s.rules.bonusCoins} coins`);
  if (s.nextMilestone % s.rules.freezeEveryDays === 0 && s.freezesHeld < s.rules.maxFreezes)
    rewards.push("a streak freeze");
  if (rewards.length === 0) return `Next milestone: ${plural(s.nextMilestone, "day")} in a row`;
  return `${plural(days, "more day")} in a row for ${rewards.join(" and ")}`;
}

/** One line of the history, e.g. 'Nov 20: freeze earned for 7 days in a row'. */
export function eventText(e: StreakView["events"][number], bonusCoins: number): string {
  const day = shortDay(e.day);
  switch (e.kind) {
    case "freeze-earned":
      return `${day}: streak freeze earned for ${plural(e.streak, "day")} in a row`;
    case "freeze-used":
      return `${day}: goal missed, a streak freeze kept your ${plural(e.streak, "day")}`;
    case "reset":
      return `${day}: goal missed, the streak started over`;
    case "milestone":
      return bonusCoins > 0
        ? `${day}: ${plural(e.streak, "day")} in a row, +${bonusCoins} coins bonus`
        : `${day}: ${plural(e.streak, "day")} in a row`;
  }
}

/** The rules as the card states them. */
export function rulesText(r: StreakView["rules"]): string[] {
  return [
    `Earn ${r.goalCoins} coins in a day (UTC) from games, quizzes and videos to meet the daily goal. Referral bonuses, adjustments and streak bonuses do not count.`,
    "Each day you meet the goal adds one day to your streak. A day missed starts it over — unless you hold a streak freeze.",
    `Streak freezes are earned, never sold: one for every ${r.freezeEveryDays} days in a row, at most ${r.maxFreezes} held. A missed day uses one automatically and keeps your streak.`,
    r.bonusCoins > 0
      ? `Every ${r.bonusEveryDays} days in a row pays a ${r.bonusCoins}-coin bonus, once. The daily limits still apply to everything else.`
      : "Streak milestones pay no bonus at the moment.",
  ];
}
