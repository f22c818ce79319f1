import { type CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { contextForFile } from "#tests/support/made-before-all";
import { earnOnDay } from "#tests/support/streak";
import type { StreakView } from "~/core/api/streak";
import {
  addDays,
  evaluateStreak,
  SHOWN_EVENTS,
  type StreakRules,
  shownDays,
  streakCheckpoint,
} from "~/core/streak";
import { utcDay } from "~/core/utc-day";
import type { Database } from "../db/client";
import { CHECKPOINT_LAG_DAYS, WINDOW_DAYS } from "./streak-settle";
import { earnedPerDay, getStreak } from "./streaks.service";

/**
 * The streak read from a checkpoint (docs/decisions/080-streak-checkpoints.md): whatever the history's length it
 * shows what the fold of the whole history shows, and reads only the days after the checkpoint.
 */

const ctx = contextForFile();
// A goal of 20 coins (two video watches): long histories stay quick to make through the ledger's writer.
const RULES: StreakRules = { goalCoins: 20, bonusCoins: 25, bonusEveryDays: 7 };

/**
 * 75 days ending today: 38 days in a row (a day under the goal frozen on the way; two freezes held at the end),
 * three missed (two frozen, then a reset, 33 days ago), then met every day since. M = the goal, m = under it,
 * . = nothing.
 */
const LONG = `${"M".repeat(20)}m${"M".repeat(18)}...${"M".repeat(33)}`;

async function earn(userId: string, pattern: string) {
  const chars = [...pattern];
  for (const [i, c] of chars.entries()) {
    const daysAgo = chars.length - 1 - i;
    if (c === "M") await earnOnDay(ctx.db, userId, daysAgo, 20);
    else if (c === "m") await earnOnDay(ctx.db, userId, daysAgo, 10);
  }
}

/** What the dashboard shows of the streak, from a view… */
const shownOf = (v: StreakView) => ({
  today: { day: v.today.day, coins: v.today.coins, met: v.today.met },
  current: v.current,
  longest: v.longest,
  freezesHeld: v.freezesHeld,
  nextMilestone: v.nextMilestone,
  days: v.days,
  events: v.events,
});

/** …and from the fold of the user's whole history. */
async function fullFold(userId: string, rules: StreakRules, now = new Date()) {
  const s = evaluateStreak(await earnedPerDay(ctx.db, userId), utcDay(now), rules);
  return {
    today: { day: s.today, coins: s.todayCoins, met: s.todayMet },
    current: s.current,
    longest: s.longest,
    freezesHeld: s.freezesHeld,
    nextMilestone: s.nextMilestone,
    days: shownDays(s),
    events: s.events.slice(-SHOWN_EVENTS).reverse(),
  };
}

async function checkpointRow(db: Database, userId: string) {
  return await db
    .selectFrom("streak_checkpoints")
    .select([sql<string>`to_char(through, 'YYYY-MM-DD')`.as("through"), "current", "longest", "freezes_held"])
    .select(["events", "goal_coins", "bonus_coins", "bonus_every_days"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

const today = () => utcDay(new Date());

/** Runs `call` on a handle that records the statements it sends; answers the per-day sums of coin_ledger. */
async function ledgerReadsOf(call: (db: Database) => Promise<unknown>): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(ctx.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await call(ctx.db.withPlugin(plugin));
  return seen.filter((q) => /from "coin_ledger"/.test(q.sql) && /group by/.test(q.sql));
}

describe("the streak read of a long history", () => {
  it("shows the full fold, makes the checkpoint at today − 29, and shows the same from it", async () => {
    expect(CHECKPOINT_LAG_DAYS).toBe(29);
    expect(WINDOW_DAYS).toBe(56);
    const user = await ctx.createVerifiedUser();
    await earn(user.id, LONG);
    const full = await fullFold(user.id, RULES);
    expect(full).toMatchObject({ current: 33, longest: 38 });
    expect(await checkpointRow(ctx.db, user.id)).toBeUndefined();

    expect(shownOf(await getStreak(ctx.db, user.id, RULES))).toEqual(full);
    const row = await checkpointRow(ctx.db, user.id);
    const through = addDays(today(), -29);
    const expected = streakCheckpoint(await earnedPerDay(ctx.db, user.id), through, RULES);
    expect(row).toEqual({
      through,
      current: expected.current,
      longest: expected.longest,
      freezes_held: expected.freezesHeld,
      events: expected.events,
      goal_coins: 20,
      bonus_coins: 25,
      bonus_every_days: 7,
    });
    // Four days met after the reset, by the checkpoint's day.
    expect(expected).toMatchObject({ current: 4, longest: 38, freezesHeld: 0 });

    expect(shownOf(await getStreak(ctx.db, user.id, RULES))).toEqual(full);
    expect(await checkpointRow(ctx.db, user.id)).toEqual(row);
  });

  it("reads only the days after the checkpoint (its statement's range): a row added before it changes nothing", async () => {
    const user = await ctx.createVerifiedUser();
    await earn(user.id, LONG);
    const [whole] = await ledgerReadsOf((db) => getStreak(db, user.id, RULES));
    // With no checkpoint yet, the first read sums the whole history (and makes the checkpoint)…
    expect(whole?.sql).not.toMatch(/"created_at" >=/);
    // …the next one only the rows from the day after the checkpoint: the range of coin_ledger (user_id, created_at).
    const through = addDays(today(), -29);
    const reads = await ledgerReadsOf((db) => getStreak(db, user.id, RULES));
    expect(reads).toHaveLength(1);
    expect(reads[0]?.sql).toMatch(/"created_at" >= \$\d+/);
    expect(reads[0]?.parameters).toContainEqual(new Date(`${addDays(through, 1)}T00:00:00Z`));
    const { rows } = await ctx.db.executeQuery<{ day: string }>(reads[0]!);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(WINDOW_DAYS);
    expect(rows.every((r) => r.day > through)).toBe(true);
    const before = shownOf(await getStreak(ctx.db, user.id, RULES));
    // The day of the reset (33 days ago, before the checkpoint) met after all: the whole history's fold changes…
    await earnOnDay(ctx.db, user.id, 33, 20);
    const changed = await fullFold(user.id, RULES);
    expect(changed).toMatchObject({ current: 72, longest: 72 });
    // …the read from the checkpoint does not: it never reads that day again.
    expect(shownOf(await getStreak(ctx.db, user.id, RULES))).toEqual(before);
    expect(before).toMatchObject({ current: 33, longest: 38 });

    // Other rules: the checkpoint is ignored (the whole history is read, the late row with it) and replaced.
    const other: StreakRules = { ...RULES, bonusEveryDays: 5 };
    expect(shownOf(await getStreak(ctx.db, user.id, other))).toEqual(await fullFold(user.id, other));
    expect(await checkpointRow(ctx.db, user.id)).toMatchObject({
      through: addDays(today(), -29),
      bonus_every_days: 5,
    });
    // And back: the checkpoint of the other rules is ignored in turn.
    expect(shownOf(await getStreak(ctx.db, user.id, RULES))).toEqual(changed);
    expect(await checkpointRow(ctx.db, user.id)).toMatchObject({ bonus_every_days: 7 });
    const goal: StreakRules = { ...RULES, goalCoins: 25 };
    expect(shownOf(await getStreak(ctx.db, user.id, goal))).toEqual(await fullFold(user.id, goal));
    expect(await checkpointRow(ctx.db, user.id)).toMatchObject({ goal_coins: 25 });
  });

  it("moves the checkpoint up when the days after it pass 56, and never back", async () => {
    const user = await ctx.createVerifiedUser();
    await earn(user.id, LONG);
    await getStreak(ctx.db, user.id, RULES);
    // Read as of 27 days later: 56 days after the checkpoint, it stays.
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);
    expect(shownOf(await getStreak(ctx.db, user.id, RULES, later(27)))).toEqual(
      await fullFold(user.id, RULES, later(27)),
    );
    expect(await checkpointRow(ctx.db, user.id)).toMatchObject({ through: addDays(today(), -29) });
    // 57 days after it: it moves up to that day − 29.
    expect(shownOf(await getStreak(ctx.db, user.id, RULES, later(28)))).toEqual(
      await fullFold(user.id, RULES, later(28)),
    );
    expect(await checkpointRow(ctx.db, user.id)).toMatchObject({ through: addDays(today(), -1) });
    // A read as of today cannot use it (it covers shown days) and does not move it back.
    expect(shownOf(await getStreak(ctx.db, user.id, RULES))).toEqual(await fullFold(user.id, RULES));
    expect(await checkpointRow(ctx.db, user.id)).toMatchObject({ through: addDays(today(), -1) });
  });

  it("makes none while the whole history is 56 days or fewer", async () => {
    const user = await ctx.createVerifiedUser();
    await earn(user.id, `M${".".repeat(54)}M`);
    expect(shownOf(await getStreak(ctx.db, user.id, RULES))).toEqual(await fullFold(user.id, RULES));
    expect(await checkpointRow(ctx.db, user.id)).toBeUndefined();
    await earnOnDay(ctx.db, user.id, 56, 20);
    expect(shownOf(await getStreak(ctx.db, user.id, RULES))).toEqual(await fullFold(user.id, RULES));
    expect(await checkpointRow(ctx.db, user.id)).toMatchObject({
      through: addDays(today(), -29),
      longest: 2,
    });
  });

  it("works in the caller's transaction and under concurrent reads", async () => {
    const user = await ctx.createVerifiedUser();
    await earn(user.id, LONG);
    const full = await fullFold(user.id, RULES);
    // A transaction rolled back takes its checkpoint with it.
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        expect(shownOf(await getStreak(trx, user.id, RULES))).toEqual(full);
        expect(await checkpointRow(trx, user.id)).toMatchObject({ through: addDays(today(), -29) });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await checkpointRow(ctx.db, user.id)).toBeUndefined();
    const reads = await Promise.all(Array.from({ length: 20 }, () => getStreak(ctx.db, user.id, RULES)));
    for (const read of reads) expect(shownOf(read)).toEqual(full);
    expect(await checkpointRow(ctx.db, user.id)).toMatchObject({ through: addDays(today(), -29) });
  });
});
