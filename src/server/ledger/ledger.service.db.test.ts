import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { takeLedgerEvents } from "#tests/support/ledger-events";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "~/server/db/client";
import { referralCauseKeys } from "./cause-keys";
import { award, getBalance } from "./ledger.service";
import { listEntries } from "./ledger-history";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase({ poolMax: 32 });
});
afterAll(async () => {
  await handle.close();
});

/** Every user's balance equals the sum of their ledger rows. */
async function invariantViolations() {
  const { rows } = await sql<{ id: string; points: number; total: number }>`
    select p.id, p.points, coalesce(sum(l.amount), 0)::int as total
    from user_profiles p left join coin_ledger l on l.user_id = p.id
    group by p.id, p.points
    having p.points <> coalesce(sum(l.amount), 0)`.execute(handle.db);
  return rows;
}

describe("award", () => {
  it("pays the constant amount, writes one row and returns the new balance", async () => {
    const user = await insertUserRow(handle.db);
    const first = await award(handle.db, {
      userId: user.id,
      kind: "ttt_win",
      causeKey: `ttt-win:${user.id}:1`,
    });
    expect(first).toEqual({
      entryId: expect.any(Number),
      amount: 10,
      reason: "Tic Tac Toe win",
      balance: 10,
      duplicate: false,
      limited: false,
      goalCoinsToday: 10,
    });
    const second = await award(handle.db, {
      userId: user.id,
      kind: "video_watch",
      causeKey: `video:${user.id}:a`,
      subjectId: "a",
    });
    expect(second.balance).toBe(20);
    expect(await getBalance(handle.db, user.id)).toBe(20);
    const page = await listEntries(handle.db, user.id, { limit: 10 });
    expect(page.entries.map((e) => [e.reason, e.amount])).toEqual([
      ["Video watch", 10],
      ["Tic Tac Toe win", 10],
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it("pays a cause key once and answers a replay with the first result", async () => {
    const user = await insertUserRow(handle.db);
    const key = `ttt-win:${user.id}:replay`;
    await award(handle.db, { userId: user.id, kind: "ttt_win", causeKey: key });
    const replay = await award(handle.db, { userId: user.id, kind: "ttt_win", causeKey: key });
    expect(replay).toMatchObject({ amount: 0, duplicate: true, balance: 10 });
    expect(await getBalance(handle.db, user.id)).toBe(10);
  });

  it("pages history newest first with a cursor", async () => {
    const user = await insertUserRow(handle.db);
    for (let i = 0; i < 5; i++)
      await award(handle.db, {
        userId: user.id,
        kind: "video_watch",
        causeKey: `v:${user.id}:${i}`,
        subjectId: `video-${i}`,
      });
    const one = await listEntries(handle.db, user.id, { limit: 2 });
    expect(one.entries).toHaveLength(2);
    const two = await listEntries(handle.db, user.id, { limit: 2, before: one.nextCursor ?? undefined });
    const three = await listEntries(handle.db, user.id, { limit: 2, before: two.nextCursor ?? undefined });
    const ids = [...one.entries, ...two.entries, ...three.entries].map((e) => e.id);
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(three.nextCursor).toBeNull();
  });

  it("refuses an award for a user without a profile and writes nothing", async () => {
    await expect(
      award(handle.db, { userId: "nobody", kind: "ttt_win", causeKey: "ttt-win:nobody" }),
    ).rejects.toThrow();
    const row = await handle.db
      .selectFrom("coin_ledger")
      .select("id")
      .where("cause_key", "=", "ttt-win:nobody")
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe("the coins earned by playing today (goalCoinsToday)", () => {
  /** The sum the counter stands for: the user's rows of the earning kinds whose time is today (UTC). */
  const summed = async (userId: string) =>
    (
      await sql<{ n: number }>`select coalesce(sum(amount), 0)::int as n from coin_ledger
        where user_id = ${userId} and kind in ('ttt_win', 'quiz_correct', 'quiz_bonus', 'video_watch')
          and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`.execute(handle.db)
    ).rows[0]?.n;

  it("equals the sum of today's rows of the earning kinds after every outcome, concurrent awards included", async () => {
    const user = await insertUserRow(handle.db);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        award(handle.db, {
          userId: user.id,
          kind: "quiz_correct",
          causeKey: `goal-coins:${user.id}:${i % 20}`,
        }),
      ),
    );
    // 20 paid, 10 replays: the largest answer is the day's coins, and the replays answer no more than it.
    expect(Math.max(...results.map((r) => r.goalCoinsToday))).toBe(200);
    // A kind that is not earned by playing is paid but does not count; a replay and a limited award answer the sum.
    const bonus = await award(handle.db, {
      userId: user.id,
      kind: "streak_bonus",
      milestone: 1,
      causeKey: `goal-coins:${user.id}:s`,
    });
    expect(bonus).toMatchObject({ amount: 25, goalCoinsToday: 200 });
    const replay = await award(handle.db, {
      userId: user.id,
      kind: "quiz_correct",
      causeKey: `goal-coins:${user.id}:0`,
    });
    expect(replay).toMatchObject({ duplicate: true, goalCoinsToday: 200 });
    // A video's one watch a day: the second is limited.
    await award(handle.db, {
      userId: user.id,
      kind: "video_watch",
      subjectId: "v",
      causeKey: `goal-coins:${user.id}:v1`,
    });
    const limited = await award(handle.db, {
      userId: user.id,
      kind: "video_watch",
      subjectId: "v",
      causeKey: `goal-coins:${user.id}:v2`,
    });
    expect(limited.limited).toBe(true);
    expect(limited.goalCoinsToday).toBe(await summed(user.id));
    expect(await summed(user.id)).toBeGreaterThan(200);
  });

  it("starts again from the award's own amount on a new day", async () => {
    const user = await insertUserRow(handle.db);
    await award(handle.db, {
      userId: user.id,
      kind: "video_watch",
      subjectId: "a",
      causeKey: `goal-day:${user.id}:1`,
    });
    // The counter as the last award left it yesterday: today's first award counts from 0.
    await sql`update user_profiles set play_day = play_day - 1, play_coins = 990 where id = ${user.id}`.execute(
      handle.db,
    );
    await sql`update coin_ledger set created_at = created_at - interval '1 day' where user_id = ${user.id}`.execute(
      handle.db,
    );
    const next = await award(handle.db, {
      userId: user.id,
      kind: "video_watch",
      subjectId: "b",
      causeKey: `goal-day:${user.id}:2`,
    });
    expect(next.goalCoinsToday).toBe(10);
    expect(await summed(user.id)).toBe(10);
  });
});

describe("concurrency", () => {
  it("100 users × 100 concurrent awards: every balance = Σ ledger = 1000; 0 lost, 0 duplicated", async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => insertUserRow(handle.db)));
    const calls = users.flatMap((u) =>
      Array.from(
        { length: 100 },
        (_, i) => () => award(handle.db, { userId: u.id, kind: "quiz_correct", causeKey: `q:${u.id}:${i}` }),
      ),
    );
    // Interleave users so many connections work on different rows at once.
    calls.sort(() => Math.random() - 0.5);
    const results = await Promise.all(calls.map((c) => c()));
    expect(results.filter((r) => r.duplicate)).toHaveLength(0);
    const rows = await handle.db
      .selectFrom("user_profiles")
      .select(["id", "points"])
      .where(
        "id",
        "in",
        users.map((u) => u.id),
      )
      .execute();
    expect(rows.every((r) => r.points === 1000)).toBe(true);
    const { count } = await handle.db
      .selectFrom("coin_ledger")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(
        "user_id",
        "in",
        users.map((u) => u.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(10_000);
    expect(await invariantViolations()).toEqual([]);
  }, 180_000);

  it("one cause key awarded 100 times concurrently → one row, one payment", async () => {
    const user = await insertUserRow(handle.db);
    const key = `ttt-win:${user.id}:race`;
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        award(handle.db, { userId: user.id, kind: "ttt_win", causeKey: key }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const rows = await handle.db
      .selectFrom("coin_ledger")
      .select("id")
      .where("cause_key", "=", key)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await getBalance(handle.db, user.id)).toBe(10);
  });

  it("50 concurrent first earnings of a referred user write exactly one first-earning job and pay no bonus", async () => {
    const referrer = await insertUserRow(handle.db);
    const friend = await insertUserRow(handle.db, { referredBy: referrer.id });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        award(handle.db, {
          userId: friend.id,
          kind: "video_watch",
          causeKey: `v:${friend.id}:${i}`,
          subjectId: `video-${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.amount === 10)).toHaveLength(50);
    // The award writes one event; its consumer writes the job (as the app's periodic task does, now).
    await takeLedgerEvents(handle.db);
    const jobs = await handle.db
      .selectFrom("jobs")
      .select(["queue", "payload"])
      .where("dedupe_key", "=", `referral.first-earning:${friend.id}`)
      .execute();
    expect(jobs).toEqual([{ queue: "referral.first-earning", payload: { friendId: friend.id } }]);
    // The bonus pair is the referral rules' to record (as pending) and release: nothing is paid with the earning.
    const keys = referralCauseKeys(friend.id);
    const bonus = await handle.db
      .selectFrom("coin_ledger")
      .select("id")
      .where("cause_key", "in", [keys.friend, keys.referrer])
      .execute();
    expect(bonus).toEqual([]);
    expect(await getBalance(handle.db, friend.id)).toBe(50 * 10);
    expect(await getBalance(handle.db, referrer.id)).toBe(0);
    expect(await invariantViolations()).toEqual([]);
  });

  it("a referrer's own earning does not count as the friend's first earning", async () => {
    const referrer = await insertUserRow(handle.db);
    const friend = await insertUserRow(handle.db, { referredBy: referrer.id });
    await award(handle.db, { userId: referrer.id, kind: "ttt_win", causeKey: `t:${referrer.id}` });
    await takeLedgerEvents(handle.db);
    const jobs = await handle.db
      .selectFrom("jobs")
      .select("id")
      .where("dedupe_key", "in", [
        `referral.first-earning:${friend.id}`,
        `referral.first-earning:${referrer.id}`,
      ])
      .execute();
    expect(jobs).toEqual([]);
    expect(await getBalance(handle.db, friend.id)).toBe(0);
    expect(await getBalance(handle.db, referrer.id)).toBe(10);
  });
});

describe("the database itself", () => {
  it("refuses a negative balance", async () => {
    const user = await insertUserRow(handle.db);
    await expect(
      sql`update user_profiles set points = points - 1 where id = ${user.id}`.execute(handle.db),
    ).rejects.toThrow(/check constraint/i);
    expect(await getBalance(handle.db, user.id)).toBe(0);
  });

  it("refuses a zero amount and a duplicate cause key", async () => {
    const user = await insertUserRow(handle.db);
    const row = {
      user_id: user.id,
      amount: 0,
      kind: "adjustment",
      reason: "x",
      cause_key: `zero:${user.id}`,
    };
    await expect(handle.db.insertInto("coin_ledger").values(row).execute()).rejects.toThrow(
      /check constraint/i,
    );
    await handle.db
      .insertInto("coin_ledger")
      .values({ ...row, amount: 1 })
      .execute();
    await expect(
      handle.db
        .insertInto("coin_ledger")
        .values({ ...row, amount: 1 })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
