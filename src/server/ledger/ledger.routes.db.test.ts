import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ VIDEO_WATCH_LIMIT: "5" });
});
afterAll(async () => {
  await ctx.close();
});

describe("balance and history", () => {
  it("needs a signed-in user", async () => {
    for (const path of ["/api/ledger/balance", "/api/ledger/transactions"]) {
      const res = await ctx.request(path);
      expect(res.status, path).toBe(401);
      expect((await res.json()).error.code).toBe("UNAUTHORIZED");
    }
  });

  it("starts at 0 and lists earnings newest first, only the caller's own", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    expect(await (await ctx.request("/api/ledger/balance", { cookie: user.cookie })).json()).toEqual({
      balance: 0,
    });

    for (const id of ["exciting-new-content", "community-highlights"]) {
      const res = await ctx.request(`/api/videos/${id}/watch`, { method: "POST", cookie: user.cookie });
      expect(res.status).toBe(200);
    }
    await ctx.request("/api/videos/tutorial-get-started/watch", { method: "POST", cookie: other.cookie });

    expect(await (await ctx.request("/api/ledger/balance", { cookie: user.cookie })).json()).toEqual({
      balance: 20,
    });
    const page = await (
      await ctx.request("/api/ledger/transactions?limit=1", { cookie: user.cookie })
    ).json();
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ reason: "Video watch", amount: 10, kind: "video_watch" });
    expect(typeof page.nextCursor).toBe("number");
    const rest = await (
      await ctx.request(`/api/ledger/transactions?limit=10&before=${page.nextCursor}`, {
        cookie: user.cookie,
      })
    ).json();
    expect(rest.entries).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
  });

  it("rejects bad paging parameters with 422", async () => {
    const user = await ctx.createVerifiedUser();
    for (const q of ["limit=0", "limit=abc", "limit=1000", "before=-1"]) {
      const res = await ctx.request(`/api/ledger/transactions?${q}`, { cookie: user.cookie });
      expect(res.status, q).toBe(422);
    }
  });

  it("has no route that accepts an amount or a balance", async () => {
    const user = await ctx.createVerifiedUser();
    for (const [method, path] of [
      ["POST", "/api/ledger/balance"],
      ["PUT", "/api/ledger/balance"],
      ["POST", "/api/ledger/award"],
      ["POST", "/api/ledger/transactions"],
      ["PATCH", "/api/me"],
    ] as const) {
      const res = await ctx.request(path, {
        method,
        cookie: user.cookie,
        json: { amount: 1000, balance: 1000, points: 1000 },
      });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(await (await ctx.request("/api/ledger/balance", { cookie: user.cookie })).json()).toEqual({
      balance: 0,
    });
  });
});

describe("watch a video", () => {
  it("pays 10 coins per click with the server's total", async () => {
    const user = await ctx.createVerifiedUser();
    const first = await ctx.request("/api/videos/tutorial-get-started/watch", {
      method: "POST",
      cookie: user.cookie,
    });
    expect(await first.json()).toEqual({
      earned: {
        entryId: expect.any(Number),
        amount: 10,
        reason: "Video watch",
        balance: 10,
        referralBonus: 0,
      },
    });
    const second = await ctx.request("/api/videos/tutorial-get-started/watch", {
      method: "POST",
      cookie: user.cookie,
    });
    expect((await second.json()).earned.balance).toBe(20);
  });

  it("refuses guests with the catalogue's Login Required text", async () => {
    const res = await ctx.request("/api/videos/tutorial-get-started/watch", { method: "POST" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "LOGIN_REQUIRED", message: "You need to be logged in to earn coins." },
    });
  });

  it("answers an unknown video with 404", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await ctx.request("/api/videos/nope/watch", { method: "POST", cookie: user.cookie });
    expect(res.status).toBe(404);
  });

  it("stops a script hammering it at the per-user limit, without paying", async () => {
    const user = await ctx.createVerifiedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await ctx.request("/api/videos/community-highlights/watch", {
        method: "POST",
        cookie: user.cookie,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await (await ctx.request("/api/ledger/balance", { cookie: user.cookie })).json()).toEqual({
      balance: 50,
    });
  });

  it("pays the referral bonus to both users on the friend's first watch", async () => {
    const referrer = await ctx.createVerifiedUser();
    const me = await (await ctx.request("/api/me", { cookie: referrer.cookie })).json();
    const friend = await ctx.createVerifiedUser({ referralCode: me.profile.referralCode.toLowerCase() });
    const res = await ctx.request("/api/videos/tutorial-get-started/watch", {
      method: "POST",
      cookie: friend.cookie,
    });
    expect((await res.json()).earned).toMatchObject({
      amount: 10,
      reason: "Video watch",
      balance: 60,
      referralBonus: 50,
    });
    expect(await (await ctx.request("/api/ledger/balance", { cookie: referrer.cookie })).json()).toEqual({
      balance: 50,
    });
    const again = await ctx.request("/api/videos/tutorial-get-started/watch", {
      method: "POST",
      cookie: friend.cookie,
    });
    expect((await again.json()).earned.referralBonus).toBe(0);
    expect(await (await ctx.request("/api/ledger/balance", { cookie: referrer.cookie })).json()).toEqual({
      balance: 50,
    });
  });
});
