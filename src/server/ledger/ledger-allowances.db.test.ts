import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "../db/client";
import { award } from "./ledger.service";
import { forgetPastAllowances } from "./ledger-allowances.job";

/** The allowance counters the award keeps (ledger_allowances, migration 0160) and the job that forgets old days. */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const countersOf = async (userId: string) =>
  (
    await sql<{ limit_key: string; used: number }>`
      select limit_key, used from ledger_allowances where user_id = ${userId} order by limit_key`.execute(
      handle.db,
    )
  ).rows;

describe("allowance counters", () => {
  it("count each paid award once per key — not a replay, not a refused one — and agree with the ledger's rows", async () => {
    const user = await insertUserRow(handle.db);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const win = (n: number, occurredAt?: Date) =>
      award(handle.db, { userId: user.id, kind: "ttt_win", causeKey: `ttt-win:${user.id}:${n}`, occurredAt });
    for (let n = 0; n < 22; n++) await win(n);
    await win(3);
    await win(30, yesterday);
    const counters = await countersOf(user.id);
    const today = new Date().toISOString().slice(0, 10);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(counters).toEqual(
      [
        { limit_key: `ttt_win:${day(yesterday)}`, used: 1 },
        { limit_key: `ttt_win:${today}`, used: 20 },
      ].sort((a, b) => a.limit_key.localeCompare(b.limit_key)),
    );
    const rows = await handle.db
      .selectFrom("coin_ledger")
      .select(["limit_key"])
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", user.id)
      .groupBy("limit_key")
      .orderBy("limit_key")
      .execute();
    expect(rows.map((r) => ({ limit_key: r.limit_key, used: Number(r.n) }))).toEqual(counters);
  });

  it("forgets the counters of the days before yesterday, and keeps yesterday's and today's", async () => {
    const user = await insertUserRow(handle.db);
    const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    for (const n of [0, 1, 2, 5])
      await award(handle.db, {
        userId: user.id,
        kind: "video_watch",
        subjectId: "v",
        causeKey: `video-watch:${user.id}:${n}`,
        occurredAt: daysAgo(n),
      });
    expect(await countersOf(user.id)).toHaveLength(4);
    expect(await forgetPastAllowances(handle.db)).toBeGreaterThanOrEqual(2);
    const left = (await countersOf(user.id)).map((c) => c.limit_key.slice(-10));
    expect(left.sort()).toEqual([daysAgo(1), daysAgo(0)].map((d) => d.toISOString().slice(0, 10)).sort());
  });
});
