import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow, referralRow } from "#tests/support/db-users";
import { takeLedgerEvents } from "#tests/support/ledger-events";
import { recountPlayCoins } from "#tests/support/play-coins";
import { openTestDatabase } from "#tests/support/test-db";
import { REFERRAL_EXPIRY_DAYS } from "~/core/earning";
import type { DatabaseHandle } from "../db/client";
import { award, getBalances } from "../ledger/ledger.service";
import { consumeEvents, consumeUserEvents } from "../ledger/ledger-events";
import { setLedgerPolicy } from "../ledger/ledger-policy";
import { expireReferrals, recordFirstEarning } from "./referrals.service";
import { releaseConsumer } from "./release-consumer";

/**
 * The referral bonus's release as a consumer of the friend's earnings, at the record of the pair, and its expiry
 * (docs/product.md, "Referral program"), with the rule at 30 coins on 2 days.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase({ poolMax: 8 });
  setLedgerPolicy(handle.db, { referralRelease: { coins: 30, days: 2 } });
});
afterAll(async () => {
  await handle.close();
});

const DAY_MS = 86_400_000;

async function pair() {
  const referrer = await insertUserRow(handle.db);
  const friend = await insertUserRow(handle.db, { referredBy: referrer.id });
  return { referrer, friend };
}

const earn = (userId: string) =>
  award(handle.db, { userId, kind: "quiz_correct", causeKey: `release-test:${randomUUID()}` });

/** Moves the user's rows `days` days back (an earning on an earlier UTC day). */
async function backdate(userId: string, days: number) {
  await sql`update coin_ledger set created_at = created_at - ${days} * interval '1 day'
    where user_id = ${userId}`.execute(handle.db);
  await recountPlayCoins(handle.db, userId);
}

const referralBonusRows = async (userId: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from coin_ledger
      where user_id = ${userId} and kind = 'referral_bonus'`.execute(handle.db)
  ).rows[0]?.n;

describe("the release, a consumer of the friend's earnings", () => {
  it("pays a clearing pair at the earning that clears the rule, once, however many take the events", async () => {
    const { referrer, friend } = await pair();
    await earn(friend.id);
    expect(await recordFirstEarning(handle.db, friend.id)).toBe("clearing");
    await takeLedgerEvents(handle.db);
    // 30 coins, all on one day: below the rule.
    await earn(friend.id);
    await earn(friend.id);
    await takeLedgerEvents(handle.db);
    expect((await referralRow(handle.db, friend.id)).bonus_status).toBe("clearing");

    // An earning on a second day clears it: eight takers at once, one release.
    await backdate(friend.id, 1);
    await earn(friend.id);
    await Promise.all(
      Array.from({ length: 8 }, () => consumeEvents(handle.db, releaseConsumer, { graceMs: 0 })),
    );
    expect((await referralRow(handle.db, friend.id)).bonus_status).toBe("paid");
    expect(await getBalances(handle.db, friend.id)).toEqual({ balance: 40 + 50, pending: 0 });
    expect(await getBalances(handle.db, referrer.id)).toEqual({ balance: 50, pending: 0 });

    // Later earnings and takers pay no more.
    await earn(friend.id);
    await takeLedgerEvents(handle.db);
    expect(await referralBonusRows(friend.id)).toBe(1);
    expect(await referralBonusRows(referrer.id)).toBe(1);
  });

  it("pays a pair at once when it is recorded after the earnings that clear the rule", async () => {
    const { referrer, friend } = await pair();
    await earn(friend.id);
    await earn(friend.id);
    await backdate(friend.id, 1);
    await earn(friend.id);
    // The consumer saw the earnings while the pair waited for its record: nothing to release then.
    await takeLedgerEvents(handle.db);
    expect((await referralRow(handle.db, friend.id)).bonus_status).toBe("pending");
    expect(await recordFirstEarning(handle.db, friend.id)).toBe("paid");
    expect(await recordFirstEarning(handle.db, friend.id)).toBe("none");
    expect(await getBalances(handle.db, referrer.id)).toEqual({ balance: 50, pending: 0 });
    expect(await getBalances(handle.db, friend.id)).toEqual({ balance: 30 + 50, pending: 0 });
  });
});

describe(`the expiry, ${REFERRAL_EXPIRY_DAYS} days after the friend signed up`, () => {
  /** Moves the friend's sign-up (the referral's time) `days` days back. */
  const signedUpDaysAgo = (friendId: string, days: number) =>
    handle.db
      .updateTable("referrals")
      .set({ created_at: new Date(Date.now() - days * DAY_MS) })
      .where("referred_id", "=", friendId)
      .execute();

  it("declines the pairs still waiting or clearing at the limit, takes their pending coins back, and releases one that cleared", async () => {
    const referrer = await insertUserRow(handle.db);
    const friend = () => insertUserRow(handle.db, { referredBy: referrer.id });
    const [waiting, clearing, young, cleared, paid] = [
      await friend(),
      await friend(),
      await friend(),
      await friend(),
      await friend(),
    ];
    for (const f of [clearing, young, cleared, paid]) {
      await earn(f.id);
      expect(await recordFirstEarning(handle.db, f.id)).toBe("clearing");
    }
    // `cleared` clears the rule by earnings no consumer has looked at yet; `paid` is released before.
    for (const f of [cleared, paid]) {
      await earn(f.id);
      await earn(f.id);
      await backdate(f.id, 1);
      await earn(f.id);
    }
    await consumeUserEvents(handle.db, releaseConsumer, paid.id);
    expect((await referralRow(handle.db, paid.id)).bonus_status).toBe("paid");
    expect((await referralRow(handle.db, cleared.id)).bonus_status).toBe("clearing");

    for (const f of [waiting, clearing, cleared, paid]) await signedUpDaysAgo(f.id, REFERRAL_EXPIRY_DAYS);
    await signedUpDaysAgo(young.id, REFERRAL_EXPIRY_DAYS - 1);
    const before = await getBalances(handle.db, referrer.id);
    expect(before.pending).toBe(3 * 50);

    expect(await expireReferrals(handle.db)).toEqual({ released: 1, declined: 2 });
    const states = await Promise.all(
      [waiting, clearing, young, cleared, paid].map(
        async (f) => (await referralRow(handle.db, f.id)).bonus_status,
      ),
    );
    expect(states).toEqual(["declined", "declined", "clearing", "paid", "paid"]);
    expect(await getBalances(handle.db, clearing.id)).toEqual({ balance: 10, pending: 0 });
    expect(await getBalances(handle.db, referrer.id)).toEqual({ balance: before.balance + 50, pending: 50 });
    // Nothing more is due; the young one expires once its day comes.
    expect(await expireReferrals(handle.db)).toEqual({ released: 0, declined: 0 });
    expect(await expireReferrals(handle.db, new Date(Date.now() + 2 * DAY_MS))).toEqual({
      released: 0,
      declined: 1,
    });
    expect(await getBalances(handle.db, referrer.id)).toEqual({ balance: before.balance + 50, pending: 0 });
  });
});
