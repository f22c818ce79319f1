import { afterAll, beforeAll, expect, it } from "vitest";
import { secondAdmin } from "#tests/support/admin";
import { uniqueEmail } from "#tests/support/factories";
import { createEnabledPartner, signedQuery } from "#tests/support/partners";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { wallLink } from "./offers.service";

/**
 * The offers page's answer (docs/product.md, "Earning partners"): the player's opaque partner id, the enabled
 * walls opened with it, each pending amount with the day it becomes available, and the latest credits' states.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAILS: "offers-admin@example.test", ADMIN_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await ctx.close();
});

it("lists the walls with the player's id, pending coins per release day and the credits' states", async () => {
  const admins = [
    await ctx.createVerifiedUser({ email: "offers-admin@example.test" }),
    await secondAdmin(ctx),
  ] as const;
  const wall = await createEnabledPartner(ctx, [...admins], {
    name: "Survey Router",
    holdDays: 3,
    wallUrl: "https://wall.example/offers?uid={user_id}",
  });
  const player = await ctx.createVerifiedUser({ email: uniqueEmail("player") });
  const first = await (await ctx.request("/api/offers", { cookie: player.cookie })).json();
  const pid: string = first.partnerUserId;
  expect(pid).toMatch(/^p[0-9a-f]{24}$/);
  expect(pid).not.toContain(player.id);
  expect(first.walls).toContainEqual({
    name: "Survey Router",
    slug: wall.slug,
    holdDays: 3,
    url: `https://wall.example/offers?uid=${pid}`,
  });
  expect(first.pending).toEqual([]);

  for (const [trx, reward] of [
    ["o-1", "400"],
    ["o-2", "20"],
    ["o-3", "5"],
  ] as const) {
    const q = signedQuery(wall.secret, { user_id: pid, transaction_id: trx, reward });
    expect((await ctx.request(`/api/postbacks/${wall.slug}?${q}`)).status).toBe(200);
  }
  const back = signedQuery(wall.secret, { user_id: pid, transaction_id: "r-o-3", reward: "5", status: "2" });
  expect((await ctx.request(`/api/postbacks/${wall.slug}?${back}`)).status).toBe(200);

  const view = await (await ctx.request("/api/offers", { cookie: player.cookie })).json();
  const day = new Date(Date.now() + 3 * 86_400_000);
  day.setUTCHours(0, 0, 0, 0);
  expect(view.pending).toEqual([{ coins: 420, availableOn: day.toISOString() }]);
  expect(view.credits.map((c: { coins: number; state: string }) => [c.coins, c.state])).toEqual([
    [5, "reversed"],
    [20, "pending"],
    [400, "pending"],
  ]);
  // Another player sees none of it.
  const other = await ctx.createVerifiedUser();
  const theirs = await (await ctx.request("/api/offers", { cookie: other.cookie })).json();
  expect(theirs.credits).toEqual([]);
  expect(theirs.partnerUserId).not.toBe(pid);
});

it("adds user_id to a wall link without a placeholder", () => {
  expect(wallLink("https://wall.example/w?a=1", "p1")).toBe("https://wall.example/w?a=1&user_id=p1");
  expect(wallLink(null, "p1")).toBeNull();
});
