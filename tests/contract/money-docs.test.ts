import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REFERRAL_BONUS_COINS, rewards, streakBonusReason } from "~/core/coins";
import { DEFAULT_DUAL_CONTROL } from "~/core/dual-control";
import { DEFAULT_EARNING_LIMITS, DEFAULT_REFERRAL_RELEASE } from "~/core/earning";
import { DEFAULT_STREAK_RULES } from "~/core/streak";

/**
 * The money numbers the README (its money table and configuration table) and docs/product.md state are the
 * code's constants: a changed reward, limit or referral rule fails here until the documents say the same.
 */
const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const product = readFileSync(path.join(root, "docs/product.md"), "utf8");

/** The table row of `text` that starts with `| <first cell>`. */
function row(text: string, firstCell: string): string {
  const line = text.split("\n").find((l) => l.startsWith(`| ${firstCell}`));
  if (!line) throw new Error(`no table row starting with "| ${firstCell}"`);
  return line;
}

/** The default the README's configuration table gives `variable`. */
function configured(variable: string): number {
  const cells = row(readme, `\`${variable}\``).split("|");
  return Number(cells[2]?.trim().replaceAll("`", ""));
}

describe("the README and docs/product.md state the code's money numbers", () => {
  it("what each earning pays", () => {
    const paid = /what each earning pays \((\d+) \/ (\d+) \/ (\d+) \/ (\d+) coins/.exec(readme);
    expect(paid?.slice(1).map(Number)).toEqual([
      rewards.ttt_win.amount,
      rewards.quiz_correct.amount,
      rewards.quiz_bonus.amount,
      rewards.video_watch.amount,
    ]);
    const ways: [string, number][] = [
      ["Tic Tac Toe win", rewards.ttt_win.amount],
      ["Quiz answer", rewards.quiz_correct.amount],
      ["Quiz completion", rewards.quiz_bonus.amount],
      ["Video watch", rewards.video_watch.amount],
      ["Referral", REFERRAL_BONUS_COINS],
    ];
    for (const [channel, amount] of ways)
      expect(/\| (\d+)[ -]coin/.exec(row(product, channel))?.[1], channel).toBe(String(amount));
    const { streak_bonus: _configured, ...activities } = rewards;
    for (const kind of Object.values(activities)) expect(product, kind.reason).toContain(`'${kind.reason}'`);
  });

  it("the streak milestone bonus", () => {
    const { bonusCoins, bonusEveryDays, goalCoins } = DEFAULT_STREAK_RULES;
    expect(configured("STREAK_BONUS_COINS")).toBe(bonusCoins);
    expect(configured("STREAK_BONUS_EVERY_DAYS")).toBe(bonusEveryDays);
    expect(configured("DAILY_GOAL_COINS")).toBe(goalCoins);
    const milestone = row(product, "Streak milestone");
    expect(/\| (\d+) coins on the (\d+)th/.exec(milestone)?.slice(1).map(Number)).toEqual([
      bonusCoins,
      bonusEveryDays,
    ]);
    expect(milestone).toContain(`'${streakBonusReason(bonusEveryDays)}'`);
  });

  it("the daily limits, the referrer's limit and the referral release rule", () => {
    expect(configured("EARN_TTT_WINS_PER_DAY")).toBe(DEFAULT_EARNING_LIMITS.tttWinsPerDay);
    expect(configured("EARN_QUIZ_SESSIONS_PER_DAY")).toBe(DEFAULT_EARNING_LIMITS.quizSessionsPerDay);
    expect(configured("EARN_VIDEO_WATCHES_PER_DAY")).toBe(DEFAULT_EARNING_LIMITS.videoWatchesPerDay);
    expect(configured("REFERRAL_BONUSES_PER_30_DAYS")).toBe(DEFAULT_EARNING_LIMITS.referralBonusesPer30Days);
    expect(configured("REFERRAL_RELEASE_COINS")).toBe(DEFAULT_REFERRAL_RELEASE.coins);
    expect(configured("REFERRAL_RELEASE_DAYS")).toBe(DEFAULT_REFERRAL_RELEASE.days);

    const fair = (channel: string, pattern: RegExp) => Number(pattern.exec(row(product, channel))?.[1]);
    expect(fair("Tic Tac Toe |", /(\d+) paid wins a day/)).toBe(DEFAULT_EARNING_LIMITS.tttWinsPerDay);
    expect(fair("Quizzes |", /(\d+) paid session per quiz a day/)).toBe(
      DEFAULT_EARNING_LIMITS.quizSessionsPerDay,
    );
    expect(fair("Videos |", /(\d+) paid watch per video a day/)).toBe(
      DEFAULT_EARNING_LIMITS.videoWatchesPerDay,
    );
    expect(fair("Referral | 50 to", /(\d+) referrer bonuses per 30 days/)).toBe(
      DEFAULT_EARNING_LIMITS.referralBonusesPer30Days,
    );
    const release = /earned (\d+) coins on (\d+) days/.exec(row(product, "Referral | 50 to"));
    expect(release?.slice(1).map(Number)).toEqual([
      DEFAULT_REFERRAL_RELEASE.coins,
      DEFAULT_REFERRAL_RELEASE.days,
    ]);
    const ways = /earned (\d+) coins of their own on (\d+) different days/.exec(
      row(product, "Referral | 50 coins"),
    );
    expect(ways?.slice(1).map(Number)).toEqual([
      DEFAULT_REFERRAL_RELEASE.coins,
      DEFAULT_REFERRAL_RELEASE.days,
    ]);
    const moneyRow =
      /available once the friend has earned (\d+) coins on (\d+) UTC days, held[^|]*?(\d+) referrer bonuses per 30 days/.exec(
        row(readme, "referral bonus pair"),
      );
    expect(moneyRow?.slice(1).map(Number)).toEqual([
      DEFAULT_REFERRAL_RELEASE.coins,
      DEFAULT_REFERRAL_RELEASE.days,
      DEFAULT_EARNING_LIMITS.referralBonusesPer30Days,
    ]);
    const allowances =
      /daily allowances \((\d+) paid wins, (\d+) paid session per quiz, (\d+) paid full watch per video\)/.exec(
        readme,
      );
    expect(allowances?.slice(1).map(Number)).toEqual([
      DEFAULT_EARNING_LIMITS.tttWinsPerDay,
      DEFAULT_EARNING_LIMITS.quizSessionsPerDay,
      DEFAULT_EARNING_LIMITS.videoWatchesPerDay,
    ]);
  });

  it("the dual-control thresholds, the daily total per administrator and the crediting hand's window", () => {
    expect(configured("DUAL_CONTROL_COINS")).toBe(DEFAULT_DUAL_CONTROL.coins);
    expect(configured("DUAL_CONTROL_DOLLARS")).toBe(DEFAULT_DUAL_CONTROL.dollars);
    expect(configured("DUAL_CONTROL_DAILY_DOLLARS")).toBe(DEFAULT_DUAL_CONTROL.dailyDollars);
    expect(configured("DUAL_CONTROL_CREDIT_WINDOW_DAYS")).toBe(DEFAULT_DUAL_CONTROL.creditWindowDays);
    expect(product).toContain(
      `\`DUAL_CONTROL_DAILY_DOLLARS\` (default $${DEFAULT_DUAL_CONTROL.dailyDollars})`,
    );
    expect(product).toContain(
      `\`DUAL_CONTROL_CREDIT_WINDOW_DAYS\` (default ${DEFAULT_DUAL_CONTROL.creditWindowDays})`,
    );
  });
});
