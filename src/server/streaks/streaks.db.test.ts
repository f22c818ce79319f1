import { describe, expect, it } from "vitest";
import { balanceAndLedger } from "#tests/support/coins";
import { watchVideoToEnd } from "#tests/support/earning";
import type { TestUser } from "#tests/support/factories";
import { contextForFile } from "#tests/support/made-before-all";
import { earnOnDay, earnPattern } from "#tests/support/streak";
import type { StreakView } from "~/core/api/streak";
import { DEFAULT_STREAK_RULES } from "~/core/streak";
import { utcDay } from "~/core/utc-day";
import { streakCauseKey } from "../ledger/cause-keys";
import { settleStreak } from "./streaks.service";

/** The daily goal and the streak through the API, with the default rules (docs/product.md, "Daily goal and streak"). */

const ctx = contextForFile();

async function streakOf(user: TestUser): Promise<StreakView> {
  const res = await ctx.api(user).streak.$get();
  expect(res.status).toBe(200);
  return await res.json();
}

async function bonusRows(userId: string) {
  return ctx.db
    .selectFrom("coin_ledger")
    .select(["amount", "reason", "cause_key"])
    .where("user_id", "=", userId)
    .where("kind", "=", "streak_bonus")
    .execute();
}

describe("GET /api/streak", () => {
  it("answers 401 to a guest", async () => {
    const res = await ctx.api().streak.$get();
    expect(res.status).toBe(401);
  });

  it("shows the rules, today's coins toward the goal and 28 days of history", async () => {
    const user = await ctx.createVerifiedUser();
    const s = await streakOf(user);
    expect(s.rules).toEqual({ ...DEFAULT_STREAK_RULES, freezeEveryDays: 7, maxFreezes: 2 });
    expect(s.today).toMatchObject({ day: utcDay(new Date()), coins: 0, met: false });
    expect(s.current).toBe(0);
    expect(s.days).toHaveLength(28);
    expect(s.days.at(-1)).toMatchObject({ day: utcDay(new Date()), state: "open" });
  });

  it("goal met → streak + 1, counted from real earning requests", async () => {
    const user = await ctx.createVerifiedUser();
    await earnPattern(ctx.db, user.id, "M.");
    await earnOnDay(ctx.db, user.id, 0, 90);
    const before = await streakOf(user);
    expect(before).toMatchObject({ current: 1, today: { coins: 90, met: false } });
    const watch = await watchVideoToEnd(ctx.client, ctx.db, user);
    expect(watch.body.earned?.amount).toBe(10);
    expect(watch.body.earned?.streakBonus).toBeUndefined();
    const after = await streakOf(user);
    expect(after).toMatchObject({ current: 2, longest: 2, today: { coins: 100, met: true } });
  });

  it("a missed day resets the streak", async () => {
    const user = await ctx.createVerifiedUser();
    await earnPattern(ctx.db, user.id, "MMM.m");
    const s = await streakOf(user);
    expect(s.current).toBe(0);
    expect(s.longest).toBe(3);
    expect(s.events[0]).toMatchObject({ kind: "reset", streak: 0 });
  });

  it("a missed day consumes a freeze when one is held, and the streak goes on", async () => {
    const user = await ctx.createVerifiedUser();
    await earnPattern(ctx.db, user.id, "MMMMMMM.MM");
    const s = await streakOf(user);
    expect(s.current).toBe(9);
    expect(s.freezesHeld).toBe(0);
    expect(s.events.map((e) => e.kind)).toEqual(["freeze-used", "milestone", "freeze-earned"]);
    expect(s.days.filter((d) => d.state === "frozen")).toHaveLength(1);
  });

  it("does not count referral bonuses, adjustments or streak bonuses toward the goal", async () => {
    const user = await ctx.createVerifiedUser();
    const { grantCoins } = await import("#tests/support/coins");
    await grantCoins(ctx.db, user.id, 500);
    const s = await streakOf(user);
    expect(s.today.coins).toBe(0);
  });
});

describe("the milestone bonus", () => {
  it("comes with the earning request that reaches the milestone, once", async () => {
    const user = await ctx.createVerifiedUser();
    await earnPattern(ctx.db, user.id, "MMMMMM.");
    await earnOnDay(ctx.db, user.id, 0, 90);
    const watch = await watchVideoToEnd(ctx.client, ctx.db, user);
    expect(watch.body.earned).toMatchObject({ amount: 10, streakBonus: { amount: 25, milestone: 7 } });
    const { balance, ledger } = await balanceAndLedger(ctx.db, user.id);
    expect(balance).toBe(ledger);
    expect(watch.body.earned?.balance).toBe(balance);
    expect(balance).toBe(6 * 100 + 90 + 10 + 25);
    // Later earnings that day and every read of the streak pay nothing more.
    const again = await watchVideoToEnd(ctx.client, ctx.db, user, "exciting-new-content");
    expect(again.body.earned?.streakBonus).toBeUndefined();
    await streakOf(user);
    const rows = await bonusRows(user.id);
    expect(rows).toEqual([
      {
        amount: 25,
        reason: "Streak bonus: 7 days in a row",
        cause_key: streakCauseKey(user.id, utcDay(new Date()), 7),
      },
    ]);
    expect((await streakOf(user)).bonuses).toHaveLength(1);
  });

  it("is paid once under 50 concurrent requests", async () => {
    const user = await ctx.createVerifiedUser();
    await earnPattern(ctx.db, user.id, "MMMMMMM");
    const answers = await Promise.all(Array.from({ length: 50 }, () => ctx.api(user).streak.$get()));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const settled = await Promise.all(
      Array.from({ length: 50 }, () => settleStreak(ctx.db, user.id, DEFAULT_STREAK_RULES)),
    );
    expect(settled.filter((s) => s.bonus && !s.bonus.duplicate)).toHaveLength(0);
    expect(await bonusRows(user.id)).toHaveLength(1);
    const { balance, ledger } = await balanceAndLedger(ctx.db, user.id);
    expect(balance).toBe(ledger);
    expect(balance).toBe(700 + 25);
  });

  it("is paid once when 50 requests that reach the goal race", async () => {
    const user = await ctx.createVerifiedUser();
    await earnPattern(ctx.db, user.id, "MMMMMM.");
    await earnOnDay(ctx.db, user.id, 0, 90);
    const videos = ["tutorial-get-started", "exciting-new-content", "community-highlights"];
    const results = await Promise.all(videos.map((v) => watchVideoToEnd(ctx.client, ctx.db, user, v)));
    const reads = await Promise.all(Array.from({ length: 47 }, () => ctx.api(user).streak.$get()));
    expect(reads.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.earned?.streakBonus).length).toBeLessThanOrEqual(1);
    expect(await bonusRows(user.id)).toHaveLength(1);
    const { balance, ledger } = await balanceAndLedger(ctx.db, user.id);
    expect(balance).toBe(ledger);
  });

  it("is not paid on a day that reaches no milestone", async () => {
    const user = await ctx.createVerifiedUser();
    await earnPattern(ctx.db, user.id, "MMMMMMMM");
    const s = await streakOf(user);
    expect(s.current).toBe(8);
    expect(await bonusRows(user.id)).toHaveLength(0);
  });
});
