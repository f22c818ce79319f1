import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow, profileRow, referralRow } from "#tests/support/db-users";
import { watchVideoToEnd } from "#tests/support/earning";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { recountPlayCoins } from "#tests/support/play-coins";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { errorCode } from "#tests/support/typed-client";
import { maskEmail } from "~/core/coins";
import { award, getBalances } from "../ledger/ledger.service";
import { countHeldReferrals, decideHeldReferral, releaseClearedReferrals } from "./referrals.service";

let ctx: TestContext;
beforeAll(async () => {
  // The release rule made small enough for a test: 30 coins of the friend's own on 2 different UTC days.
  ctx = await createTestContext({
    APP_URL: "https://play.example.com/",
    REFERRAL_RELEASE_COINS: "30",
    REFERRAL_RELEASE_DAYS: "2",
  });
});
afterAll(async () => {
  await ctx.close();
});

async function referralsOf(user: TestUser) {
  const res = await ctx.api(user).referrals.$get();
  expect(res.status).toBe(200);
  return res.json();
}

const balanceOf = (user: TestUser) => ctx.balanceOf(user);

const videoIds = ["community-highlights", "tutorial-get-started", "exciting-new-content"];
const watched = new Map<string, number>();
/** A paid earning of `user`: a full watch of a video it has not watched today. */
async function watch(user: TestUser) {
  const n = watched.get(user.id) ?? 0;
  watched.set(user.id, n + 1);
  const body = (await watchVideoToEnd(ctx.client, ctx.db, user, videoIds[n])).body;
  // The first earning's job (written by the award) records the referral pair: let the worker run it.
  await ctx.deps.jobs.drain();
  return body;
}

/** Moves all of the user's ledger rows `days` days into the past (an earning on an earlier UTC day). */
async function backdate(userId: string, days: number) {
  await ctx.db
    .updateTable("coin_ledger")
    .set({ created_at: new Date(Date.now() - days * 24 * 60 * 60 * 1000) })
    .where("user_id", "=", userId)
    .execute();
  await recountPlayCoins(ctx.db, userId);
}

async function balancesOf(user: TestUser) {
  const res = await ctx.api(user).ledger.balance.$get();
  expect(res.status).toBe(200);
  return res.json();
}

const release = { coins: 30, days: 2 };

describe("GET /api/referrals", () => {
  it("needs a signed-in user", async () => {
    const res = await ctx.api().referrals.$get();
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe("UNAUTHORIZED");
  });

  it("answers the user's code and the APP_URL link, with no friends yet", async () => {
    const user = await ctx.createVerifiedUser();
    const me = await (await ctx.api(user).me.$get()).json();
    const view = await referralsOf(user);
    expect(view).toEqual({
      code: me.profile.referralCode,
      link: `https://play.example.com/auth?ref=${me.profile.referralCode}`,
      friends: [],
      release,
      ownBonus: null,
    });
    expect(view.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  it("lists friends who signed up with the code, newest first, e-mail masked, joined", async () => {
    const referrer = await ctx.createVerifiedUser();
    const { code } = await referralsOf(referrer);
    const first = await ctx.createVerifiedUser({ referralCode: code });
    // A friend who has not confirmed the address yet is listed too.
    const unconfirmed = uniqueEmail("unconfirmed");
    expect((await ctx.signUp(unconfirmed, "secret1", { referralCode: code })).status).toBe(200);

    const { friends } = await referralsOf(referrer);
    expect(friends).toEqual([
      {
        email: maskEmail(unconfirmed),
        joinedAt: expect.any(String),
        bonus: "joined",
        progress: null,
        paid: null,
      },
      {
        email: maskEmail(first.email),
        joinedAt: expect.any(String),
        bonus: "joined",
        progress: null,
        paid: null,
      },
    ]);
    for (const friend of friends) expect(new Date(friend.joinedAt).toISOString()).toBe(friend.joinedAt);
    expect(JSON.stringify(friends)).not.toContain(first.email);
  });

  it("records both bonuses as pending at the friend's first earning, and releases them once the friend's own earnings clear the rule", async () => {
    const referrer = await ctx.createVerifiedUser();
    const friend = await ctx.createVerifiedUser({ referralCode: (await referralsOf(referrer)).code });
    // The friend sees their own half too: waiting for their first earning.
    expect((await referralsOf(friend)).ownBonus).toEqual({ bonus: "joined", coins: 50, progress: null });

    const res = await watch(friend);
    // Nothing is paid with the earning: both bonuses are pending, visible apart from the balance.
    expect(res.earned).toMatchObject({ amount: 10, referralBonus: 0, balance: 10 });
    expect(await balancesOf(friend)).toEqual({ balance: 10, pending: 50 });
    expect(await balancesOf(referrer)).toEqual({ balance: 0, pending: 50 });
    expect((await referralsOf(referrer)).friends).toEqual([
      {
        email: maskEmail(friend.email),
        joinedAt: expect.any(String),
        bonus: "pending",
        progress: { coins: 10, days: 1 },
        paid: null,
      },
    ]);
    // …and the friend sees their own pending half with the same progress: it is their own earnings that clear it.
    expect((await referralsOf(friend)).ownBonus).toEqual({
      bonus: "pending",
      coins: 50,
      progress: { coins: 10, days: 1 },
    });

    // Below the rule (30 coins on 2 days) they stay pending: enough coins, but all on one day.
    await watch(friend);
    await watch(friend);
    expect(await releaseClearedReferrals(ctx.db)).toBe(0);
    expect(await balancesOf(friend)).toEqual({ balance: 30, pending: 50 });
    expect((await referralsOf(referrer)).friends[0]).toMatchObject({
      bonus: "pending",
      progress: { coins: 30, days: 1 },
    });

    // An earning on another day crosses it: the release's consumer of that earning, taken by eight concurrent
    // drains (and the app's own periodic task), pays the pair exactly once.
    await backdate(friend.id, 1);
    await award(ctx.db, { userId: friend.id, kind: "quiz_correct", causeKey: `today:${friend.id}` });
    await Promise.all(Array.from({ length: 8 }, () => ctx.deps.jobs.drain()));
    expect(await balancesOf(friend)).toEqual({ balance: 90, pending: 0 });
    expect(await balancesOf(referrer)).toEqual({ balance: 50, pending: 0 });
    expect(await ledgerRowsOf(friend.id)).toEqual([{ kind: "referral_bonus", amount: 50 }]);
    expect(await ledgerRowsOf(referrer.id)).toEqual([{ kind: "referral_bonus", amount: 50 }]);
    // The referrer's line says what was paid and when: the time of the referrer's own ledger row.
    const [paidRow] = await ctx.db
      .selectFrom("coin_ledger")
      .select("created_at")
      .where("user_id", "=", referrer.id)
      .execute();
    expect((await referralsOf(referrer)).friends).toEqual([
      {
        email: maskEmail(friend.email),
        joinedAt: expect.any(String),
        bonus: "paid",
        progress: null,
        paid: { coins: 50, at: new Date(paidRow?.created_at ?? 0).toISOString() },
      },
    ]);
    expect((await referralsOf(friend)).ownBonus).toEqual({ bonus: "paid", coins: 50, progress: null });
    // Later earnings and runs pay no more.
    expect(await releaseClearedReferrals(ctx.db)).toBe(0);
    await award(ctx.db, { userId: friend.id, kind: "quiz_correct", causeKey: `later:${friend.id}` });
    expect(await balancesOf(referrer)).toEqual({ balance: 50, pending: 0 });
  });

  it("declines the unpaid pairs of a deleted account, as friend or referrer, and takes their pending coins back", async () => {
    const referrer = await ctx.createVerifiedUser();
    const code = (await referralsOf(referrer)).code;
    const clearing = await ctx.createVerifiedUser({ referralCode: code });
    const waiting = await ctx.createVerifiedUser({ referralCode: code });
    await watch(clearing);
    expect(await balancesOf(referrer)).toEqual({ balance: 0, pending: 50 });

    // The friend whose pair is clearing deletes the account: the pair is declined, both pending coins go.
    const gone = await ctx.request("/api/account/delete", {
      method: "POST",
      cookie: clearing.cookie,
      json: { password: clearing.password, confirmation: "DELETE" },
    });
    expect(gone.status, await gone.clone().text()).toBe(200);
    expect((await referralRow(ctx.db, clearing.id)).bonus_status).toBe("declined");
    expect(await balancesOf(referrer)).toEqual({ balance: 0, pending: 0 });
    // The referrer's list says why: the friend left (the other friend is still waiting).
    expect((await referralsOf(referrer)).friends.map((f) => f.bonus)).toEqual(["joined", "left"]);
    expect((await profileRow(ctx.db, clearing.id)).pending_points).toBe(0);

    // The referrer deletes theirs: the friend still waiting for a first earning is declined, and earning later
    // records nothing.
    const referrerGone = await ctx.request("/api/account/delete", {
      method: "POST",
      cookie: referrer.cookie,
      json: { password: referrer.password, confirmation: "DELETE" },
    });
    expect(referrerGone.status).toBe(200);
    await watch(waiting);
    expect((await referralRow(ctx.db, waiting.id)).bonus_status).toBe("declined");
    expect(await balancesOf(waiting)).toEqual({ balance: 10, pending: 0 });
    expect((await referralsOf(waiting)).ownBonus).toMatchObject({ bonus: "left" });
    expect(await releaseClearedReferrals(ctx.db)).toBe(0);
  });

  it("shows only the caller's own friends", async () => {
    const alice = await ctx.createVerifiedUser();
    const bob = await ctx.createVerifiedUser();
    const friend = await ctx.createVerifiedUser({ referralCode: (await referralsOf(alice)).code });
    expect((await referralsOf(alice)).friends).toHaveLength(1);
    expect((await referralsOf(bob)).friends).toEqual([]);
    // The friend sees their own code and nobody they referred.
    const own = await referralsOf(friend);
    expect(own.code).not.toBe((await referralsOf(alice)).code);
    expect(own.friends).toEqual([]);
  });

  it("answers no code (the page's 'Could not fetch your referral code.') when the profile is missing", async () => {
    const user = await ctx.createVerifiedUser();
    await ctx.db.deleteFrom("user_profiles").where("id", "=", user.id).execute();
    expect(await referralsOf(user)).toEqual({ code: null, link: null, friends: [], release, ownBonus: null });
  });

  it("is read-only", async () => {
    const user = await ctx.createVerifiedUser();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await ctx.request("/api/referrals", { method, cookie: user.cookie, json: { code: "X" } });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
      expect(res.status, method).toBeLessThan(500);
    }
  });
});

const ledgerRowsOf = (userId: string) =>
  ctx.db
    .selectFrom("coin_ledger")
    .select(["kind", "amount"])
    .where("user_id", "=", userId)
    .where("kind", "=", "referral_bonus")
    .execute();

describe("referral bonuses that cannot be farmed", () => {
  it("stores the address each account signed up from", async () => {
    const user = await ctx.createVerifiedUser({ ip: "10.240.1.1" });
    expect((await profileRow(ctx.db, user.id)).signup_ip).toBe("10.240.1.1");
  });

  it("holds both bonuses for review when the friend signed up from the referrer's sign-up address", async () => {
    const referrer = await ctx.createVerifiedUser({ ip: "10.240.2.1" });
    const friend = await ctx.createVerifiedUser({
      ip: "10.240.2.1",
      referralCode: (await referralsOf(referrer)).code,
    });
    const first = await watch(friend);
    expect(first.earned).toMatchObject({ amount: 10, balance: 10, referralBonus: 0 });
    expect(await ledgerRowsOf(friend.id)).toEqual([]);
    expect(await ledgerRowsOf(referrer.id)).toEqual([]);
    expect((await referralsOf(referrer)).friends.map((f) => f.bonus)).toEqual(["held"]);
    // The friend is told too: their own half is held (the page states why and what happens next).
    expect((await referralsOf(friend)).ownBonus).toEqual({ bonus: "held", coins: 50, progress: null });
    // A held pair is not pending: nothing is shown as on its way.
    expect(await balancesOf(friend)).toEqual({ balance: 10, pending: 0 });
    expect(await balancesOf(referrer)).toEqual({ balance: 0, pending: 0 });
    expect(await countHeldReferrals(ctx.db)).toBeGreaterThanOrEqual(1);
    // Later earnings do not pay it either.
    await watch(friend);
    expect(await balanceOf(friend)).toBe(20);
    expect(await balanceOf(referrer)).toBe(0);

    // An administrator releases it: both are paid, once.
    const before = await countHeldReferrals(ctx.db);
    expect(
      await decideHeldReferral(ctx.db, { referredId: friend.id, decision: "release", decidedBy: null }),
    ).toMatchObject({ referrerId: referrer.id, status: "released", friendCoins: 50, referrerCoins: 50 });
    expect(
      await decideHeldReferral(ctx.db, { referredId: friend.id, decision: "release", decidedBy: null }),
    ).toBe(false);
    expect(await countHeldReferrals(ctx.db)).toBe(before - 1);
    expect(await balanceOf(friend)).toBe(70);
    expect(await balanceOf(referrer)).toBe(50);
    expect((await referralsOf(referrer)).friends.map((f) => f.bonus)).toEqual(["paid"]);
  });

  it("holds them when the friend signed up from the referrer's last sign-in address; a decline pays nothing", async () => {
    const referrer = await ctx.createVerifiedUser({ ip: "10.240.3.1" });
    await ctx.signIn(referrer.email, referrer.password, { ip: "10.240.3.2" });
    const friend = await ctx.createVerifiedUser({
      ip: "10.240.3.2",
      referralCode: (await referralsOf(referrer)).code,
    });
    await watch(friend);
    expect((await referralsOf(referrer)).friends.map((f) => f.bonus)).toEqual(["held"]);
    expect(
      await decideHeldReferral(ctx.db, {
        referredId: friend.id,
        decision: "decline",
        decidedBy: referrer.id,
      }),
    ).toMatchObject({ status: "declined", friendCoins: 0, referrerCoins: 0 });
    await watch(friend);
    expect(await balanceOf(friend)).toBe(20);
    expect(await balanceOf(referrer)).toBe(0);
    expect((await referralsOf(referrer)).friends.map((f) => f.bonus)).toEqual(["declined"]);
    const row = await referralRow(ctx.db, friend.id);
    expect(row.decided_by).toBe(referrer.id);
    expect(row.decided_at).not.toBeNull();
  });

  it("records at most 20 referrer bonuses per referrer in 30 days: the 21st friend's pair is the friend's half only", async () => {
    const referrer = await insertUserRow(ctx.db);
    const friends: { id: string }[] = [];
    for (let i = 0; i < 21; i++) friends.push(await insertUserRow(ctx.db, { referredBy: referrer.id }));
    for (const [i, friend] of friends.entries())
      await award(ctx.db, {
        userId: friend.id,
        kind: "quiz_correct",
        causeKey: `cap-test:${friend.id}:${i}`,
      });
    await ctx.deps.jobs.drain();
    expect(await getBalances(ctx.db, referrer.id)).toEqual({ balance: 0, pending: 20 * 50 });
    for (const friend of friends)
      expect(await getBalances(ctx.db, friend.id)).toEqual({ balance: 10, pending: 50 });
    // The first-earning jobs run concurrently: whichever friend's came last holds the friend's half only.
    const rowsOf = () => Promise.all(friends.map((f) => referralRow(ctx.db, f.id)));
    const recorded = await rowsOf();
    expect(recorded.map((r) => r.bonus_status)).toEqual(friends.map(() => "clearing"));
    expect(recorded.filter((r) => !r.referrer_paid)).toHaveLength(1);
    // Each friend clears the rule: 30 coins on 2 days.
    for (const [i, friend] of friends.entries()) {
      await award(ctx.db, { userId: friend.id, kind: "quiz_bonus", causeKey: `cap-test:${friend.id}:b${i}` });
      await backdate(friend.id, 1);
      await award(ctx.db, {
        userId: friend.id,
        kind: "quiz_correct",
        causeKey: `cap-test:${friend.id}:c${i}`,
      });
    }
    // The release's consumer takes their earnings: all 21 pairs are released, none is left for the catch-up.
    await ctx.deps.jobs.drain();
    expect(await releaseClearedReferrals(ctx.db)).toBe(0);
    expect(await getBalances(ctx.db, referrer.id)).toEqual({ balance: 20 * 50, pending: 0 });
    expect((await ledgerRowsOf(referrer.id)).length).toBe(20);
    // Every friend still got their own bonus.
    for (const friend of friends)
      expect(await getBalances(ctx.db, friend.id)).toEqual({ balance: 80, pending: 0 });
    const released = await rowsOf();
    expect(released.map((r) => r.bonus_status)).toEqual(friends.map(() => "paid"));
    expect(released.map((r) => r.referrer_paid)).toEqual(recorded.map((r) => r.referrer_paid));
  });
});
