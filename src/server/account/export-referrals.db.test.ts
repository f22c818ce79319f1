import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchVideoToEnd } from "#tests/support/earning";
import type { TestUser } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { accountExportSchema } from "~/core/api/account";
import { ledgerPolicy, setLedgerPolicy } from "../ledger/ledger-policy";
import { releaseClearedReferrals } from "../referrals/referrals.service";

/**
 * docs/product.md "Your data": the download states each referral bonus as the pages do — the pair's state as the
 * referral page shows it, and the user's own 50 coins as the wallet shows them (pending apart from the balance,
 * or available in it).
 */
let ctx: TestContext;
beforeAll(async () => {
  // A release rule small enough for a test but above a first earning (20 coins on 1 day: the pair stays pending),
  // and one referrer bonus per 30 days.
  ctx = await createTestContext({
    AUTH_RATE_LIMIT: "1000",
    REFERRAL_RELEASE_COINS: "20",
    REFERRAL_RELEASE_DAYS: "1",
    REFERRAL_BONUSES_PER_30_DAYS: "1",
  });
});
afterAll(async () => {
  await ctx.close();
});

async function exportOf(user: TestUser) {
  const res = await ctx.request("/api/account/export", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return accountExportSchema.parse(await res.json());
}

/** The pages' view: the referral page's friends and the wallet's balance and pending coins. */
async function pagesOf(user: TestUser) {
  const referrals = await (await ctx.api(user).referrals.$get()).json();
  const balance = await (await ctx.api(user).ledger.balance.$get()).json();
  return { friends: referrals.friends.map((f) => f.bonus), ...balance };
}

/** The friend's first paid earning; its job records the pair as pending. */
async function firstEarning(friend: TestUser) {
  await watchVideoToEnd(ctx.client, ctx.db, friend);
  await ctx.deps.jobs.drain();
}

describe("the data download's referral bonuses", () => {
  it("are joined, then pending, then available, for both sides, as the referral page and the wallet show them", async () => {
    const referrer = await ctx.createVerifiedUser();
    const { code } = await (await ctx.api(referrer).referrals.$get()).json();
    const friend = await ctx.createVerifiedUser({ referralCode: code });

    let [mine, theirs] = [await exportOf(referrer), await exportOf(friend)];
    expect(mine.referrals.made).toEqual([expect.objectContaining({ bonus: "joined", yourBonus: null })]);
    expect(theirs.referrals.received).toMatchObject({ bonus: "joined", yourBonus: null });
    expect((await pagesOf(referrer)).friends).toEqual(["joined"]);

    // Recorded: both halves pending, apart from the balances.
    await firstEarning(friend);
    [mine, theirs] = [await exportOf(referrer), await exportOf(friend)];
    expect(await pagesOf(referrer)).toEqual({ friends: ["pending"], balance: 0, pending: 50 });
    expect(mine.referrals.made).toEqual([
      expect.objectContaining({ bonus: "pending", yourBonus: "pending" }),
    ]);
    expect(mine.profile).toMatchObject({ balance: 0, pending: 50 });
    expect(theirs.referrals.received).toMatchObject({ bonus: "pending", yourBonus: "pending" });
    expect(theirs.profile).toMatchObject({ balance: 10, pending: 50 });
    expect(mine.ledger.filter((r) => r.kind === "referral_bonus")).toEqual([]);

    // Released: both halves available, in the balances (the rule lowered to the friend's 10 coins, and the pairs
    // that clear it now released as after such a change).
    const policy = ledgerPolicy(ctx.db);
    setLedgerPolicy(ctx.db, { ...policy, referralRelease: { coins: 10, days: 1 } });
    try {
      expect(await releaseClearedReferrals(ctx.db)).toBe(1);
    } finally {
      setLedgerPolicy(ctx.db, policy);
    }
    [mine, theirs] = [await exportOf(referrer), await exportOf(friend)];
    expect(await pagesOf(referrer)).toEqual({ friends: ["paid"], balance: 50, pending: 0 });
    expect(mine.referrals.made).toEqual([expect.objectContaining({ bonus: "paid", yourBonus: "available" })]);
    expect(mine.profile).toMatchObject({ balance: 50, pending: 0 });
    expect(theirs.referrals.received).toMatchObject({ bonus: "paid", yourBonus: "available" });
    expect(theirs.profile).toMatchObject({ balance: 60, pending: 0 });
  });

  it("past the referrer's 30-day limit: the friend's half pending, none of the referrer's", async () => {
    const referrer = await ctx.createVerifiedUser();
    const { code } = await (await ctx.api(referrer).referrals.$get()).json();
    const [first, second] = [
      await ctx.createVerifiedUser({ referralCode: code }),
      await ctx.createVerifiedUser({ referralCode: code }),
    ];
    await firstEarning(first);
    await firstEarning(second);

    const mine = await exportOf(referrer);
    // Newest first on the page; in the order they joined in the download.
    expect((await pagesOf(referrer)).friends).toEqual(["limit", "pending"]);
    expect(mine.referrals.made.map(({ bonus, yourBonus }) => ({ bonus, yourBonus }))).toEqual([
      { bonus: "pending", yourBonus: "pending" },
      { bonus: "limit", yourBonus: null },
    ]);
    expect(mine.profile.pending).toBe(50);
    expect((await exportOf(second)).referrals.received).toMatchObject({
      bonus: "pending",
      yourBonus: "pending",
    });
  });
});
