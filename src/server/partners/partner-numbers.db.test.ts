import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondAdmin } from "#tests/support/admin";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import {
  createEnabledPartner,
  playerPartnerId,
  signedQuery,
  type TestPartner,
} from "#tests/support/partners";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { apiError } from "#tests/support/typed-client";
import type { PartnerNumbers } from "~/core/api/partner-numbers";
import { utcDay } from "~/core/utc-day";

/**
 * The business in numbers per earning partner (docs/product.md, "Earning partners"): every postback a partner's
 * transaction recorded counts on its day, credits add their coins and payout, a reversal takes back what its
 * credit had; refused postbacks count nothing. Margin = dollars earned − coins issued × $0.005.
 */
let ctx: TestContext;
let admins: [TestUser, TestUser];
let wall: TestPartner;
let other: TestPartner;
beforeAll(async () => {
  const aEmail = uniqueEmail("admin-a");
  ctx = await createTestContext({ ADMIN_EMAILS: aEmail, ADMIN_RATE_LIMIT: "1000" });
  admins = [await ctx.createVerifiedUser({ email: aEmail }), await secondAdmin(ctx)];
  wall = await createEnabledPartner(ctx, admins, { name: "Alpha wall", holdDays: 7 });
  other = await createEnabledPartner(ctx, admins, { name: "Beta wall", holdDays: 0 });
  const pid = await playerPartnerId(ctx, (await ctx.createVerifiedUser()).id);
  const send = async (p: TestPartner, q: Record<string, string>, status: number, signature?: string) => {
    const query = signedQuery(
      p.secret,
      { user_id: pid, ...q } as Parameters<typeof signedQuery>[1],
      signature,
    );
    const res = await ctx.request(`/api/postbacks/${p.slug}?${query}`);
    expect(res.status, await res.clone().text()).toBe(status);
  };
  await send(wall, { transaction_id: "a-1", reward: "420", payout: "3.00" }, 200);
  await send(wall, { transaction_id: "a-1", reward: "420", payout: "3.00" }, 200); // a copy
  await send(wall, { transaction_id: "a-1", reward: "999", payout: "3.00" }, 409); // a changed amount
  await send(wall, { transaction_id: "a-2", reward: "100", payout: "0.400001" }, 200);
  await send(wall, { transaction_id: "r-a-2", reward: "100", payout: "0.400001" }, 200); // reversal of a pending one
  await send(wall, { transaction_id: "a-3", reward: "5", payout: "1" }, 403, "0".repeat(64)); // bad signature
  await send(other, { transaction_id: "b-1", reward: "1000", payout: "4.50" }, 200); // paid at once
});
afterAll(async () => {
  await ctx.close();
});

const numbers = async (days = "30") => {
  const res = await ctx.request(`/api/admin/partners/numbers?days=${days}`, { cookie: admins[0].cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PartnerNumbers;
};

describe("the partners' numbers", () => {
  it("count postbacks, credits, reversals, coins, dollars and margin per partner and day", async () => {
    const n = await numbers();
    const today = utcDay(new Date());
    expect(n.days).toHaveLength(30);
    expect(n.to).toBe(today);
    expect(n.days.at(-1)).toEqual({
      day: today,
      postbacks: 6,
      credits: 3,
      reversals: 1,
      coinsIssued: 1420,
      dollarsEarnedMicros: 7_500_000,
      marginMicros: 7_500_000 - 1420 * 5_000,
    });
    expect(n.days.slice(0, -1).every((d) => d.postbacks === 0)).toBe(true);
    expect(n.partners).toEqual([
      {
        id: wall.id,
        slug: wall.slug,
        name: "Alpha wall",
        postbacks: 5,
        credits: 2,
        reversals: 1,
        coinsIssued: 420,
        dollarsEarnedMicros: 3_000_000,
        marginMicros: 3_000_000 - 420 * 5_000,
      },
      {
        id: other.id,
        slug: other.slug,
        name: "Beta wall",
        postbacks: 1,
        credits: 1,
        reversals: 0,
        coinsIssued: 1000,
        dollarsEarnedMicros: 4_500_000,
        marginMicros: -500_000,
      },
    ]);
    expect((await numbers("90")).days).toHaveLength(90);
  });

  it("are refused to a player (403) and a bad range is a clear 4xx", async () => {
    const player = await ctx.createVerifiedUser();
    const res = await ctx.request("/api/admin/partners/numbers", { cookie: player.cookie });
    expect(res.status).toBe(403);
    const bad = await ctx.request("/api/admin/partners/numbers?days=7", { cookie: admins[0].cookie });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });
});

describe("a partner's month as CSV", () => {
  it("has one line per day, the day's figures and a total that reconcile", async () => {
    const month = utcDay(new Date()).slice(0, 7);
    const res = await ctx.request(`/api/admin/partners/${wall.id}/statement.csv?month=${month}`, {
      cookie: admins[0].cookie,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${wall.slug}-${month}.csv"`);
    const lines = (await res.text()).trimEnd().split("\r\n");
    const [y, m] = month.split("-").map(Number);
    const daysInMonth = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
    expect(lines).toHaveLength(daysInMonth + 2);
    expect(lines[0]).toBe(
      "day,postbacks,credits,reversals,coins_credited,coins_reversed,coins_issued,payout_credited_usd,payout_reversed_usd,dollars_earned_usd,coins_value_usd,margin_usd",
    );
    const todayLine = "5,2,1,520,100,420,3.400001,0.400001,3.000000,2.100000,0.900000";
    expect(lines).toContain(`${utcDay(new Date())},${todayLine}`);
    expect(lines.at(-1)).toBe(`total,${todayLine}`);
    expect(lines[1]).toMatch(new RegExp(`^${month}-01,`));
  });

  it("answers 404 for an unknown partner and 4xx for a bad month", async () => {
    const unknown = await ctx.request("/api/admin/partners/999999/statement.csv?month=2026-11", {
      cookie: admins[0].cookie,
    });
    expect(unknown.status).toBe(404);
    expect((await apiError(unknown)).code).toBe("NOT_FOUND");
    const bad = await ctx.request(`/api/admin/partners/${wall.id}/statement.csv?month=2026-13`, {
      cookie: admins[0].cookie,
    });
    expect(bad.status).toBe(422);
  });
});
