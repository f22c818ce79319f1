import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { givePendingKyc } from "#tests/support/kyc";
import { contextForFile } from "#tests/support/made-before-all";
import type { MessageSettingsUpdate } from "~/core/api/messages";
import { REFERRAL_EXPIRY_DAYS } from "~/core/earning";
import { utcDay } from "~/core/utc-day";
import { award } from "../ledger/ledger.service";
import { withRetryableTransaction } from "../ledger/transaction";
import { releaseIfCleared } from "../referrals/referral-release";
import { expireReferrals, recordFirstEarning } from "../referrals/referrals.service";
import { noteGoalMet, pruneInbox, scanAtRisk, scanComeBack } from "./message-scans.job";
import { updateMessageSettings } from "./messages.service";

/**
 * Lifecycle messages with a controlled clock (docs/product.md, "Messages"): each is sent once at its moment —
 * release, decline, receipt, milestone, the at-risk evening, 'we miss you' on days 3 and 7 — never to a player who
 * turned its kind off, never in quiet hours, never over the daily cap.
 */
const ctx = contextForFile();
const DAY_MS = 86_400_000;

afterEach(() => {
  vi.useRealTimers();
});

/** The clock the server reads (JavaScript's Date) at `at`; the database's own clock is not used by messages. */
function clockAt(at: Date) {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(at);
}

/** Today at `hour` UTC. */
const todayAt = (hour: number, days = 0) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hour));
};

async function player(settings: MessageSettingsUpdate = { quietStart: 0, quietEnd: 0 }, referredBy?: string) {
  const user = await insertUserRow(ctx.db, referredBy ? { referredBy } : {});
  await updateMessageSettings(ctx.db, user.id, settings);
  return user;
}

const inbox = (userId: string) =>
  ctx.db
    .selectFrom("messages")
    .select(["kind", "event_key", "title", "link", "mailed"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();

async function mails(email: string) {
  await ctx.deps.jobs.drain();
  return ctx.mailTo(email);
}

describe("referral messages", () => {
  it("a released pair tells both sides once, whoever releases it again", async () => {
    clockAt(todayAt(12));
    const referrer = await player();
    const friend = await player(undefined, referrer.id);
    await award(ctx.db, { userId: friend.id, kind: "quiz_correct", causeKey: `msg:${randomUUID()}` });
    expect(await recordFirstEarning(ctx.db, friend.id)).toBe("clearing");
    const rule = { coins: 1, days: 1 };
    expect(await withRetryableTransaction(ctx.db, (trx) => releaseIfCleared(trx, friend.id, rule))).toBe(
      true,
    );
    expect(await withRetryableTransaction(ctx.db, (trx) => releaseIfCleared(trx, friend.id, rule))).toBe(
      false,
    );
    await ctx.deps.jobs.drain();
    expect(await inbox(friend.id)).toEqual([
      expect.objectContaining({ kind: "referral", title: "Your referral bonus is paid", link: "/referral" }),
    ]);
    expect(await inbox(referrer.id)).toEqual([
      expect.objectContaining({
        kind: "referral",
        title: "Your friend's referral bonus is paid",
        mailed: true,
      }),
    ]);
    const sent = await mails(referrer.email);
    expect(
      sent.filter((m) => m.subject === "Play, Learn, Earn: your friend's referral bonus is paid"),
    ).toHaveLength(1);
    // A money mail cannot be turned off: no unsubscribe header.
    expect(sent[0]?.headers).toBeNull();
  });

  it("a pair declined at its time limit tells both sides once", async () => {
    const referrer = await player();
    const friend = await player(undefined, referrer.id);
    clockAt(todayAt(12));
    const limit = (REFERRAL_EXPIRY_DAYS + 1) * DAY_MS;
    await expireReferrals(ctx.db, new Date(Date.now() + limit));
    await expireReferrals(ctx.db, new Date(Date.now() + limit + DAY_MS));
    await ctx.deps.jobs.drain();
    expect((await inbox(friend.id)).map((m) => m.title)).toEqual(["Your referral bonus was declined"]);
    expect((await inbox(referrer.id)).map((m) => m.title)).toEqual(["A referral bonus was declined"]);
  });
});

describe("KYC received", () => {
  it("is told once per submission, with a link to /kyc", async () => {
    clockAt(todayAt(12));
    const user = await player();
    const id = await givePendingKyc(ctx.deps, user.id);
    await ctx.deps.jobs.drain();
    expect(await inbox(user.id)).toEqual([
      expect.objectContaining({ kind: "kyc", event_key: `kyc-received:${id}`, link: "/kyc", mailed: true }),
    ]);
    expect((await mails(user.email)).map((m) => m.subject)).toContain(
      "Play, Learn, Earn: we received your documents",
    );
  });
});

async function goalMet(userId: string, day: string, streak: number) {
  await ctx.db.transaction().execute((trx) => noteGoalMet(trx, userId, day, streak));
}

describe("streak messages", () => {
  it("a milestone (7, 30 days) is told once on its day; other lengths say nothing", async () => {
    clockAt(todayAt(12));
    const user = await player();
    const today = utcDay(new Date());
    await goalMet(user.id, today, 6);
    await goalMet(user.id, today, 7);
    await goalMet(user.id, today, 7);
    await ctx.deps.jobs.drain();
    expect((await inbox(user.id)).map((m) => m.title)).toEqual(["7 days in a row"]);
    const [mail] = (await mails(user.email)).filter((m) => m.subject.includes("7 days in a row"));
    // An optional mail: the one-click unsubscribe headers (RFC 8058).
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/messages\/unsubscribe\?token=/,
    );
  });

  it("the reminder goes out in the player's evening of the next day, only while that day's goal is unmet", async () => {
    const user = await player({ timeZone: "America/New_York", quietStart: 0, quietEnd: 0 });
    const yesterday = utcDay(todayAt(12, -1));
    await goalMet(user.id, yesterday, 3);
    // 19:00 in New York during today's UTC day: 23:00 or 00:00 UTC (summer or winter time).
    const evening = await ctx.db
      .selectFrom("player_activity")
      .select("at_risk_at")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    const at = new Date(evening.at_risk_at!);
    expect([23, 0]).toContain(at.getUTCHours());
    clockAt(new Date(at.getTime() - 60_000));
    await scanAtRisk(ctx.db, new Date());
    await ctx.deps.jobs.drain();
    expect(await inbox(user.id)).toEqual([]);
    clockAt(at);
    await scanAtRisk(ctx.db, new Date());
    await scanAtRisk(ctx.db, new Date());
    await ctx.deps.jobs.drain();
    expect((await inbox(user.id)).map((m) => m.title)).toEqual(["Your streak ends tonight"]);

    // A player who met today's goal before the evening is not reminded.
    const done = await player();
    await goalMet(done.id, yesterday, 3);
    await goalMet(done.id, utcDay(todayAt(12)), 4);
    clockAt(todayAt(23, 0));
    await scanAtRisk(ctx.db, new Date());
    await ctx.deps.jobs.drain();
    expect(await inbox(done.id)).toEqual([]);
  });
});

/** A play `daysAgo` days before now (the activity consumer records it when the events are taken). */
async function playedAt(userId: string, at: Date) {
  await award(ctx.db, { userId, kind: "quiz_correct", causeKey: `msg:${randomUUID()}` });
  await sql`update coin_ledger set created_at = ${at} where user_id = ${userId}`.execute(ctx.db);
  await sql`update ledger_events set at = ${at} where user_id = ${userId}`
    .execute(ctx.db)
    .catch(() => undefined);
  await ctx.deps.jobs.drain();
}

describe("'we miss you'", () => {
  it("goes out on days 3 and 7 after the last play, then never again", async () => {
    const user = await player();
    const last = todayAt(10, -10);
    await ctx.db
      .insertInto("player_activity")
      .values({ user_id: user.id, last_play_at: last, come_back_at: new Date(last.getTime() + 3 * DAY_MS) })
      .execute();
    const on = async (days: number) => {
      clockAt(new Date(last.getTime() + days * DAY_MS));
      await scanComeBack(ctx.db, new Date());
      await ctx.deps.jobs.drain();
      return (await inbox(user.id)).map((m) => m.event_key);
    };
    expect(await on(2.9)).toEqual([]);
    expect(await on(3)).toEqual([`come-back:${user.id}:${last.getTime()}:3`]);
    expect(await on(6)).toHaveLength(1);
    expect(await on(7)).toEqual([
      `come-back:${user.id}:${last.getTime()}:3`,
      `come-back:${user.id}:${last.getTime()}:7`,
    ]);
    expect(await on(30)).toHaveLength(2);
  });

  it("a play starts the clock again (the award's events set the player's last play)", async () => {
    const user = await player();
    await playedAt(user.id, new Date());
    const row = await ctx.db
      .selectFrom("player_activity")
      .select(["come_back_step", "come_back_at", "last_play_at"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.come_back_step).toBe(0);
    expect(new Date(row.come_back_at!).getTime() - new Date(row.last_play_at).getTime()).toBe(3 * DAY_MS);
  });
});

describe("preferences, quiet hours and the daily cap", () => {
  it("a kind turned off is neither mailed nor put in the inbox; a money kind cannot be turned off", async () => {
    clockAt(todayAt(12));
    const user = await player({ quietStart: 0, quietEnd: 0, kinds: { streak_milestone: false, kyc: false } });
    await goalMet(user.id, utcDay(new Date()), 7);
    await givePendingKyc(ctx.deps, user.id);
    await ctx.deps.jobs.drain();
    expect((await inbox(user.id)).map((m) => m.kind)).toEqual(["kyc"]);
    expect((await mails(user.email)).map((m) => m.subject)).toEqual([
      "Play, Learn, Earn: we received your documents",
    ]);
  });

  it("in quiet hours nothing goes out; the message waits for their end and goes out once then", async () => {
    const user = await player({ quietStart: 22, quietEnd: 8 });
    clockAt(todayAt(23));
    await goalMet(user.id, utcDay(new Date()), 30);
    await ctx.deps.jobs.drain();
    expect(await inbox(user.id)).toEqual([]);
    expect(await mails(user.email)).toEqual([]);
    const waiting = await ctx.db
      .selectFrom("jobs")
      .select(["id", "run_at"])
      .where("queue", "=", "message")
      .where("status", "=", "queued")
      .where(sql<string>`payload->>'userId'`, "=", user.id)
      .execute();
    expect(waiting.map((j) => new Date(j.run_at).toISOString())).toEqual([todayAt(8, 1).toISOString()]);
    // Morning: the job is due (the database's clock is moved by hand), and the message goes out once.
    clockAt(todayAt(8, 1));
    await ctx.db.updateTable("jobs").set({ run_at: sql`now()` }).where("id", "=", waiting[0]!.id).execute();
    await ctx.deps.jobs.drain();
    expect((await inbox(user.id)).map((m) => m.title)).toEqual(["30 days in a row"]);
    expect(await mails(user.email)).toHaveLength(1);
  });

  it("a streak reminder due in quiet hours is dropped (it would be out of date by morning)", async () => {
    const user = await player({ quietStart: 18, quietEnd: 8 });
    await goalMet(user.id, utcDay(todayAt(12, -1)), 2);
    clockAt(todayAt(19));
    await scanAtRisk(ctx.db, new Date());
    await ctx.deps.jobs.drain();
    clockAt(todayAt(8, 1));
    await ctx.deps.jobs.drain();
    expect(await inbox(user.id)).toEqual([]);
  });

  it("over the daily cap an optional message reaches the inbox but no mail; money mails are not capped", async () => {
    clockAt(todayAt(12));
    const user = await player({ quietStart: 0, quietEnd: 0, dailyCap: 1 });
    await goalMet(user.id, utcDay(new Date()), 7);
    await ctx.deps.jobs.drain();
    await ctx.db
      .insertInto("player_activity")
      .values({ user_id: user.id, last_play_at: todayAt(12, -3), come_back_at: todayAt(12) })
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({ last_play_at: todayAt(12, -3), come_back_at: todayAt(12) }),
      )
      .execute();
    await scanComeBack(ctx.db, new Date());
    await givePendingKyc(ctx.deps, user.id);
    await ctx.deps.jobs.drain();
    expect((await inbox(user.id)).map((m) => [m.kind, m.mailed]).sort()).toEqual([
      ["come_back", false],
      ["kyc", true],
      ["streak_milestone", true],
    ]);
    expect(await mails(user.email)).toHaveLength(2);
    // A day and an hour later the cap has room again (the first mail is more than 24 hours old however long the
    // steps above took on the advancing clock).
    clockAt(todayAt(13, 1));
    await goalMet(user.id, utcDay(new Date()), 30);
    await ctx.deps.jobs.drain();
    expect((await inbox(user.id)).at(-1)).toMatchObject({ kind: "streak_milestone", mailed: true });
  });
});

describe("the inbox's 90 days", () => {
  it("prunes messages older than 90 days in batches, and no newer one", async () => {
    const user = await player();
    const at = (days: number) => new Date(Date.now() - days * DAY_MS);
    await ctx.db
      .insertInto("messages")
      .values(
        [91, 95, 120, 89, 1].map((days, i) => ({
          user_id: user.id,
          kind: "come_back",
          event_key: `prune-test:${user.id}:${i}`,
          title: "t",
          body: "b",
          link: "/",
          created_at: at(days),
        })),
      )
      .execute();
    expect(await pruneInbox(ctx.db, new Date(), 2)).toBeGreaterThanOrEqual(3);
    expect((await inbox(user.id)).map((m) => m.event_key)).toEqual([
      `prune-test:${user.id}:3`,
      `prune-test:${user.id}:4`,
    ]);
  });
});
