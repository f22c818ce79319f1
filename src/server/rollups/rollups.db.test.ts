import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { adminContextForFile, adminRequest } from "#tests/support/admin";
import { nextIp } from "#tests/support/in-process-client";
import {
  booksFromProfiles,
  expectRollupsEqualRebuild,
  randomStep,
  rollupRows,
  type Workload,
} from "#tests/support/rollups";
import { DELETE_CONFIRMATION } from "~/core/account";
import type { AdminOverview } from "~/core/api/admin";
import { type BusinessStats, businessStatsSchema, issueChannels } from "~/core/api/stats";
import { PLAY_KINDS } from "~/core/coins";
import { utcDay } from "~/core/utc-day";
import * as migration0220 from "../db/migrations/0220-rollups";
import { award } from "../ledger/ledger.service";
import { catchUpRollups } from "./rollups.service";

/**
 * The daily figures (docs/product.md, "Rollups"): kept as money moves, they equal their recomputation from the
 * ledger and the source tables after a random run of earnings, adjustments, redemptions (approved, paid,
 * rejected and refunded, cancelled), sign-ups and deletions; the overview and GET /api/admin/stats read them.
 */
const { ctx, admin } = adminContextForFile({
  REDEEM_REQUIRE_KYC: "false",
  REDEEM_MIN_COINS: "10",
  REDEEM_MAX_PENDING: "1000",
  REDEEM_DAILY_CAP_DOLLARS: "100000",
  DUAL_CONTROL_COINS: "0",
  DUAL_CONTROL_DOLLARS: "0",
});

const STEPS = 120;

async function statsOf(query = ""): Promise<BusinessStats> {
  const res = await adminRequest(ctx, admin, `/api/admin/stats${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return businessStatsSchema.parse(await res.json());
}

const playAward = (userId: string) =>
  award(ctx.db, {
    userId,
    kind: PLAY_KINDS[Math.floor(Math.random() * 3)] as "ttt_win" | "quiz_correct" | "quiz_bonus",
    causeKey: `rollup-test:${randomUUID()}`,
  }).catch((error: unknown) => {
    // A deleted account earns nothing (LOGIN_REQUIRED): the mix may delete whom it pays next.
    if (!(error instanceof Error && "code" in error && error.code === "LOGIN_REQUIRED")) throw error;
  });

describe("rollups", () => {
  it(`equal their rebuild after ${STEPS} random steps, and the overview reads the books they keep`, async () => {
    const w: Workload = { client: ctx.client, admin, users: [], redemptions: [], nextIp };
    for (let i = 0; i < 4; i++) w.users.push(await ctx.createVerifiedUser());
    w.award = async (user) => {
      await playAward(user.id);
    };
    const statuses = new Map<number, number>();
    for (let i = 0; i < STEPS; i++) {
      const status = (await randomStep(w)) ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      expect(status, "no step answers a server error").toBeLessThan(500);
    }
    // The mix did move money every way (a redemption requested and an adjustment at least).
    expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
    const rows = await expectRollupsEqualRebuild(ctx.db);
    const today = utcDay(new Date());
    expect(rows.ledger.some((r) => r.day === today && r.kind === "redemption")).toBe(true);

    const books = await booksFromProfiles(ctx.db);
    const overview = (await (await adminRequest(ctx, admin, "/api/admin/overview")).json()) as AdminOverview;
    expect(overview.liability.coins).toBe(books.owed);
    expect(overview.breakage.coins).toBe(books.forfeited);
    expect(overview.users.total).toBe(books.users);
    const stats = await statsOf("?days=30");
    const last = stats.days.at(-1);
    expect(last?.day).toBe(today);
    expect(last?.liability).toBe(books.owed);
    expect(last?.breakageToDate).toBe(books.forfeited);
  });

  it("a deleted account's forfeited balance moves no more: its adjustment is refused, the books unchanged", async () => {
    const user = await ctx.createVerifiedUser();
    await playAward(user.id);
    const deleted = await ctx.request("/api/account/delete", {
      method: "POST",
      cookie: user.cookie,
      json: { password: user.password, confirmation: DELETE_CONFIRMATION },
    });
    expect(deleted.status).toBe(200);
    const before = await booksFromProfiles(ctx.db);
    const res = await adminRequest(ctx, admin, `/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 100,
      reason: "After deletion",
    });
    expect(res.status).toBe(404);
    expect(await booksFromProfiles(ctx.db)).toEqual(before);
    await expectRollupsEqualRebuild(ctx.db);
  });

  it("a rebuild of the rebuild changes nothing, and events taken twice count once", async () => {
    const user = await ctx.createVerifiedUser();
    await playAward(user.id);
    const first = await expectRollupsEqualRebuild(ctx.db);
    const second = await expectRollupsEqualRebuild(ctx.db);
    expect(second).toEqual(first);
  });
});

describe("GET /api/admin/stats", () => {
  it("answers 401 to a guest and 403 to a player", async () => {
    expect((await ctx.request("/api/admin/stats")).status).toBe(401);
    const player = await ctx.createVerifiedUser();
    expect((await ctx.request("/api/admin/stats", { cookie: player.cookie })).status).toBe(403);
  });

  it("refuses a range other than 30 or 90 days with a clear 4xx", async () => {
    for (const days of ["7", "31", "abc", "-30", "30.5"]) {
      const res = await adminRequest(ctx, admin, `/api/admin/stats?days=${days}`);
      expect(res.status, days).toBe(422);
      expect(JSON.stringify(await res.json())).toContain("days");
    }
  });

  it("answers one day per day of the range, oldest first, with today's issued coins and the queues' ages", async () => {
    const user = await ctx.createVerifiedUser();
    const before = await statsOf("?days=90");
    await adminRequest(ctx, admin, `/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 321,
      reason: "Stats check",
    });
    await playAward(user.id);
    const res = await adminRequest(ctx, admin, "/api/admin/stats?days=90");
    expect(res.status).toBe(200);
    const stats: BusinessStats = businessStatsSchema.parse(await res.json());
    expect(stats.days).toHaveLength(90);
    const days = stats.days.map((d) => d.day);
    expect([...days].sort()).toEqual(days);
    expect(days.at(-1)).toBe(utcDay(new Date()));
    expect(new Date(`${days[0]}T00:00:00Z`).getTime()).toBe(
      new Date(`${days.at(-1)}T00:00:00Z`).getTime() - 89 * 24 * 3600 * 1000,
    );
    // Days before anything happened are zeros, what is owed included.
    expect(stats.days[0]).toMatchObject({ requested: 0, signUps: 0, activeEarners: 0, liability: 0 });
    expect(Object.keys(stats.days[0]?.issued ?? {})).toEqual([...issueChannels]);
    const t0 = before.days.at(-1);
    const t1 = stats.days.at(-1);
    expect(t1?.issued.adjustment).toBe((t0?.issued.adjustment ?? 0) + 321);
    expect(t1?.liability).toBe((t0?.liability ?? 0) + 321 + 10);
    expect((t1?.activeEarners ?? 0) - (t0?.activeEarners ?? 0)).toBe(1);
    expect(t1?.signUps).toBe(t0?.signUps);
    // The default range is 30 days.
    const d30 = await statsOf("");
    expect(d30.days).toHaveLength(30);
    expect(d30.days.at(-1)).toEqual(t1);
    expect(stats.queueAges).toEqual(expect.objectContaining({ kyc: null, proposals: null }));
  });

  it("tells how long the oldest open redemption has waited", async () => {
    const user = await ctx.createVerifiedUser();
    await adminRequest(ctx, admin, `/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 100,
      reason: "Queue age",
    });
    const res = await ctx.request("/api/redemptions", {
      method: "POST",
      cookie: user.cookie,
      json: { coins: 50, method: "paypal" },
    });
    expect(res.status).toBe(201);
    // The oldest open redemption (ids grow with time) has waited 50 hours.
    const oldest = await ctx.db
      .selectFrom("redemptions")
      .select(sql<number>`min(id)`.as("id"))
      .where("status", "in", ["pending", "approved", "failed"])
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable("redemptions")
      .set({ created_at: new Date(Date.now() - 3_600_000 * 50) })
      .where("id", "=", oldest.id)
      .execute();
    const stats = await statsOf("");
    expect(stats.queueAges.redemptions).toBeGreaterThanOrEqual(50 * 3600);
    expect(stats.queueAges.redemptions).toBeLessThan(51 * 3600);
  });
});

describe("migration 0220", () => {
  it("fills the rollups from what exists as the rebuild does, and leaves no event to count twice", async () => {
    const kept = await expectRollupsEqualRebuild(ctx.db);
    expect(kept.ledger.length).toBeGreaterThan(0);
    await ctx.db.transaction().execute(async (trx) => {
      // The rollups' consumer held off (its own lock) while the tables are made again as the migration makes them.
      await sql`select pg_advisory_xact_lock(hashtextextended('ledger-events:rollups', 0))`.execute(trx);
      await sql`drop table rollup_ledger_days, rollup_days, rollup_earners`.execute(trx);
      await sql`delete from ledger_event_consumptions where consumer = 'rollups'`.execute(trx);
      await migration0220.up(trx as unknown as Kysely<unknown>);
    });
    expect(await rollupRows(ctx.db)).toEqual(kept);
    expect(await catchUpRollups(ctx.db)).toBe(0);
  });
});
