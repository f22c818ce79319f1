import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { takeLedgerEvents } from "#tests/support/ledger-events";
import { openTestDatabase } from "#tests/support/test-db";
import { type EarningKind, REFERRAL_BONUS_COINS, rewards } from "~/core/coins";
import { DEFAULT_EARNING_LIMITS, type EarningLimits, utcDay } from "~/core/earning";
import type { DatabaseHandle } from "~/server/db/client";
import { type AwardInput, award, getBalances } from "~/server/ledger/ledger.service";
import { setLedgerPolicy } from "~/server/ledger/ledger-policy";
import { recordFirstEarning } from "~/server/referrals/referrals.service";

/**
 * Every earning kind across its cap, with and without a referral, on both databases: awards run concurrently in
 * a seeded random mix (repeated causes, two UTC days, several videos) and the outcome is compared with a model of
 * the ledger's policy — per allowance min(max, distinct causes) rows, a cause paid once, the balance the sum of the
 * rows — and, for a referred user, one first-earning job that records the referral pair as pending, not paid.
 */
const limits: EarningLimits = { ...DEFAULT_EARNING_LIMITS, tttWinsPerDay: 4, videoWatchesPerDay: 2 };
/** The activity kinds (the streak bonus, paid by its own rule, has tests of its own in src/server/streaks). */
type ActivityKind = Exclude<EarningKind, "streak_bonus">;
const kinds: ActivityKind[] = ["ttt_win", "quiz_correct", "quiz_bonus", "video_watch"];
const days = [new Date("2026-11-20T10:00:00Z"), new Date("2026-11-21T23:59:00Z")];
const videos = ["v-one", "v-two"];

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase({ poolMax: 16 });
  setLedgerPolicy(handle.db, { limits });
});
afterAll(async () => {
  await handle.close();
});

/** A small seeded generator (mulberry32), so a failing mix can be run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix(userId: string, kind: ActivityKind, seed: number): AwardInput[] {
  const next = random(seed);
  return Array.from({ length: 24 }, () => {
    // Few distinct causes, so that many awards repeat one; a cause happened on one day, to one video.
    const n = Math.floor(next() * 12);
    const cause = `${kind}:${userId}:${n}`;
    const on = days[n % days.length]!;
    return kind === "video_watch"
      ? {
          userId,
          kind,
          causeKey: cause,
          occurredAt: on,
          subjectId: videos[Math.floor(n / 2) % videos.length]!,
        }
      : { userId, kind, causeKey: cause, occurredAt: on };
  });
}

/** What the policy says the awards of `inputs` pay: per allowance, at most its max of the distinct causes. */
function expectedRows(inputs: AwardInput[]): number {
  const causes = new Map<string, string>();
  for (const i of inputs) {
    const key =
      i.kind === "ttt_win"
        ? `ttt:${utcDay(i.occurredAt!)}`
        : i.kind === "video_watch"
          ? `video:${i.subjectId}:${utcDay(i.occurredAt!)}`
          : "none";
    causes.set(i.causeKey, key);
  }
  const perKey = new Map<string, number>();
  for (const key of causes.values()) perKey.set(key, (perKey.get(key) ?? 0) + 1);
  let rows = 0;
  for (const [key, n] of perKey)
    rows += key.startsWith("ttt:")
      ? Math.min(n, limits.tttWinsPerDay)
      : key.startsWith("video:")
        ? Math.min(n, limits.videoWatchesPerDay)
        : n;
  return rows;
}

describe("every earning kind across its cap", () => {
  for (const kind of kinds)
    for (const referred of [false, true])
      for (const seed of [1, 2, 3])
        it(`${kind}, ${referred ? "referred" : "not referred"}, mix ${seed}`, async () => {
          const referrer = await insertUserRow(handle.db);
          const user = await insertUserRow(handle.db, referred ? { referredBy: referrer.id } : {});
          const inputs = mix(user.id, kind, seed);
          const results = await Promise.all(inputs.map((input) => award(handle.db, input)));

          const rows = await handle.db
            .selectFrom("coin_ledger")
            .select(["cause_key", "amount"])
            .where("user_id", "=", user.id)
            .execute();
          expect(rows).toHaveLength(expectedRows(inputs));
          expect(new Set(rows.map((r) => r.cause_key)).size).toBe(rows.length);
          expect(rows.every((r) => r.amount === rewards[kind].amount)).toBe(true);
          expect(results.filter((r) => r.amount > 0)).toHaveLength(rows.length);
          // A cause answers the same row every time it was paid or replayed.
          const rowOf = new Map(rows.map((r) => [r.cause_key, r]));
          for (const [i, r] of results.entries())
            if (!r.limited) expect(rowOf.has(inputs[i]!.causeKey)).toBe(true);
          const { balance } = await getBalances(handle.db, user.id);
          expect(balance).toBe(rows.length * rewards[kind].amount);

          // The award writes one event; its consumer writes the job (as the app's periodic task does, now).
          await takeLedgerEvents(handle.db);
          const jobs = await handle.db
            .selectFrom("jobs")
            .select("payload")
            .where("dedupe_key", "=", `referral.first-earning:${user.id}`)
            .execute();
          expect(jobs).toHaveLength(referred && rows.length > 0 ? 1 : 0);
          if (referred) {
            // The referral module's handler of that job: the pair is pending on both sides, not in a balance.
            expect(await recordFirstEarning(handle.db, user.id)).toBe("clearing");
            expect(await recordFirstEarning(handle.db, user.id)).toBe("none");
            expect(await getBalances(handle.db, user.id)).toEqual({ balance, pending: REFERRAL_BONUS_COINS });
            expect(await getBalances(handle.db, referrer.id)).toEqual({
              balance: 0,
              pending: REFERRAL_BONUS_COINS,
            });
          }
          const { rows: broken } = await sql<{ id: string }>`
            select p.id from user_profiles p left join coin_ledger l on l.user_id = p.id
            where p.id in (${user.id}, ${referrer.id})
            group by p.id, p.points having p.points <> coalesce(sum(l.amount), 0)`.execute(handle.db);
          expect(broken).toEqual([]);
        });
});
