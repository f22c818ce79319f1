import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { watchVideoToEnd } from "#tests/support/earning";
import type { TestUser } from "#tests/support/factories";
import { contextForFile } from "#tests/support/made-before-all";
import { earnOnDay } from "#tests/support/streak";
import type { PlayerStats } from "~/core/api/stats";
import { addDays } from "~/core/streak";
import { utcDay } from "~/core/utc-day";
import { adjustBalance } from "../ledger/ledger.service";
import { coinsByDayAndKind } from "./player-stats";

/**
 * GET /api/me/stats (docs/product.md, "Dashboard"): the player's own last 30 UTC days by channel and the days the
 * daily goal (100 coins by default) was met, from their ledger rows only.
 */

const ctx = contextForFile();

async function statsOf(user: TestUser): Promise<PlayerStats> {
  const res = await ctx.api(user).me.stats.$get();
  expect(res.status).toBe(200);
  return await res.json();
}

const adjust = (userId: string, amount: number) =>
  ctx.db
    .transaction()
    .execute((trx) =>
      adjustBalance(trx, { userId, amount, reason: "Test", causeKey: `adjustment:${randomUUID()}` }),
    );

describe("GET /api/me/stats", () => {
  it("answers 401 to a guest", async () => {
    const res = await ctx.api().me.stats.$get();
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
  });

  it("lists 30 UTC days, oldest first, today last, zeros when nothing was earned", async () => {
    const user = await ctx.createVerifiedUser();
    const { days } = await statsOf(user);
    const today = utcDay(new Date());
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(today, i - 29)));
    expect(days.every((d) => !d.goalMet && Object.values(d.earned).every((n) => n === 0))).toBe(true);
  });

  it("shows today's earning by channel after a real earning request", async () => {
    const user = await ctx.createVerifiedUser();
    const watch = await watchVideoToEnd(ctx.client, ctx.db, user);
    expect(watch.body.earned?.amount).toBe(10);
    const today = (await statsOf(user)).days.at(-1);
    expect(today).toEqual({
      day: utcDay(new Date()),
      earned: { game: 0, quiz: 0, video: 10, referral: 0, streak: 0, adjustment: 0, partner: 0 },
      goalMet: false,
    });
  });

  it("marks the days that met the goal, as the streak decides them, and counts each channel apart", async () => {
    const user = await ctx.createVerifiedUser();
    await earnOnDay(ctx.db, user.id, 3, 100);
    await earnOnDay(ctx.db, user.id, 2, 90);
    await earnOnDay(ctx.db, user.id, 29, 120);
    await adjust(user.id, 40);
    const { days } = await statsOf(user);
    const byAgo = (n: number) => days[29 - n]!;
    expect(byAgo(3)).toMatchObject({ goalMet: true, earned: { video: 100 } });
    expect(byAgo(2)).toMatchObject({ goalMet: false, earned: { video: 90 } });
    expect(byAgo(29)).toMatchObject({ goalMet: true, earned: { video: 120 } });
    // An adjustment is coins issued, not coins earned by playing: it never makes a goal day.
    expect(byAgo(0)).toMatchObject({ goalMet: false, earned: { adjustment: 40, video: 0 } });
    const streak = await (await ctx.api(user).streak.$get()).json();
    for (const d of streak.days) {
      const mine = days.find((x) => x.day === d.day);
      if (mine) expect(mine.goalMet, d.day).toBe(d.state === "met");
    }
  });

  it("leaves out days before the 30 and other players' rows", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    await earnOnDay(ctx.db, user.id, 30, 100);
    await earnOnDay(ctx.db, other.id, 0, 100);
    const { days } = await statsOf(user);
    expect(days.some((d) => d.goalMet || Object.values(d.earned).some((n) => n > 0))).toBe(false);
  });

  it("counts coins taken back as nothing earned", async () => {
    const user = await ctx.createVerifiedUser();
    await earnOnDay(ctx.db, user.id, 0, 20);
    await adjust(user.id, -10);
    expect((await statsOf(user)).days.at(-1)?.earned).toMatchObject({ video: 20, adjustment: 0 });
  });

  it("reads the player's rows of those days through the (user_id, created_at) index, never a scan", async () => {
    const user = await ctx.createVerifiedUser();
    await earnOnDay(ctx.db, user.id, 1, 20);
    const query = coinsByDayAndKind(ctx.db, user.id, addDays(utcDay(new Date()), -29)).compile();
    // With sequential scans priced out, the plan shows whether the statement can use the index at all.
    const plan = await ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<Record<string, string>>({
        ...query,
        sql: `explain ${query.sql}`,
      });
      return rows.map((r) => Object.values(r).join(" ")).join("\n");
    });
    // Both bounds in the index condition: the user and the first day (a range of one user's rows).
    expect(plan).toMatch(/coin_ledger_user_created_incl_idx/);
    expect(plan).toMatch(/Index Cond: \(\(user_id = .+\) AND \(created_at >= .+\)\)/);
    expect(plan).not.toMatch(/Seq Scan on coin_ledger/);
  });
});
