import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { maskEmail } from "~/core/coins";
import type { ReferralsView } from "~/core/referrals";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: "https://play.example.com/" });
});
afterAll(async () => {
  await ctx.close();
});

async function referralsOf(user: TestUser): Promise<ReferralsView> {
  const res = await ctx.request("/api/referrals", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return res.json();
}

async function balanceOf(user: TestUser): Promise<number> {
  return (await (await ctx.request("/api/ledger/balance", { cookie: user.cookie })).json()).balance;
}

const watch = (user: TestUser) =>
  ctx.request("/api/videos/community-highlights/watch", { method: "POST", cookie: user.cookie });

describe("GET /api/referrals", () => {
  it("needs a signed-in user", async () => {
    const res = await ctx.request("/api/referrals");
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("UNAUTHORIZED");
  });

  it("answers the user's code and the APP_URL link, with no friends yet", async () => {
    const user = await ctx.createVerifiedUser();
    const me = await (await ctx.request("/api/me", { cookie: user.cookie })).json();
    const view = await referralsOf(user);
    expect(view).toEqual({
      code: me.profile.referralCode,
      link: `https://play.example.com/auth?ref=${me.profile.referralCode}`,
      friends: [],
    });
    expect(view.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  it("lists friends who signed up with the code, newest first, e-mail masked, bonus pending", async () => {
    const referrer = await ctx.createVerifiedUser();
    const { code } = await referralsOf(referrer);
    const first = await ctx.createVerifiedUser({ referralCode: code });
    // A friend who has not confirmed the address yet is listed too.
    const unconfirmed = uniqueEmail("unconfirmed");
    expect((await ctx.signUp(unconfirmed, "secret1", { referralCode: code })).status).toBe(200);

    const { friends } = await referralsOf(referrer);
    expect(friends).toEqual([
      { email: maskEmail(unconfirmed), joinedAt: expect.any(String), bonus: "pending" },
      { email: maskEmail(first.email), joinedAt: expect.any(String), bonus: "pending" },
    ]);
    for (const friend of friends) expect(new Date(friend.joinedAt).toISOString()).toBe(friend.joinedAt);
    expect(JSON.stringify(friends)).not.toContain(first.email);
  });

  it("marks the bonus paid once the friend's first earning paid 50 coins to both", async () => {
    const referrer = await ctx.createVerifiedUser();
    const friend = await ctx.createVerifiedUser({ referralCode: (await referralsOf(referrer)).code });

    const res = await watch(friend);
    expect((await res.json()).earned).toMatchObject({ amount: 10, referralBonus: 50, balance: 60 });
    expect(await balanceOf(referrer)).toBe(50);
    expect((await referralsOf(referrer)).friends).toEqual([
      { email: maskEmail(friend.email), joinedAt: expect.any(String), bonus: "paid" },
    ]);

    // Later earnings pay no more bonus; the state stays paid.
    await watch(friend);
    expect(await balanceOf(friend)).toBe(70);
    expect(await balanceOf(referrer)).toBe(50);
    expect((await referralsOf(referrer)).friends.map((f) => f.bonus)).toEqual(["paid"]);
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
    expect(await referralsOf(user)).toEqual({ code: null, link: null, friends: [] });
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
