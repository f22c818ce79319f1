import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "#tests/support/factories";
import * as rd from "#tests/support/redemptions";
import type { TestContext } from "#tests/support/test-app";
import type { AdminRedemptionList } from "~/core/api/redemptions";

/**
 * The console's redemption queue pages by key (docs/product.md, "Admin console"): pending oldest first, then
 * payout failed, approved and the rest newest first; every page after the previous page's cursor, so walking
 * the pages reads every redemption once.
 */
let ctx: TestContext;
let admin: TestUser;
const statuses = ["pending", "failed", "approved", "paid", "rejected", "cancelled"] as const;
const rank = (s: string) => ({ pending: 0, failed: 1, approved: 2 })[s] ?? 3;

beforeAll(async () => {
  ({ ctx, admin } = await rd.createRedemptionsContext());
  const users = await Promise.all([1, 2, 3].map(() => rd.userWith(ctx, 0)));
  // 40 redemptions, statuses shuffled against the ids, so every rank holds several rows (ties on the rank).
  const rows = Array.from({ length: 40 }, (_, i) => ({
    user_id: users[i % 3]?.id ?? "",
    coins: 1000,
    cents: 100,
    method: "paypal" as const,
    recipient: `payee${i}@example.com`,
    status: statuses[(i * 7) % statuses.length] ?? "pending",
  }));
  await ctx.db.insertInto("redemptions").values(rows).execute();
});
afterAll(async () => {
  await ctx.close();
});

const get = (query: string) => ctx.request(`/api/admin/redemptions?${query}`, { cookie: admin.cookie });

/** Every page of the queue for `filter`, `limit` at a time: the ids in the order read. */
async function walk(filter: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await get(`${filter}limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ""}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as AdminRedemptionList;
    expect(page.redemptions.length).toBeLessThanOrEqual(limit);
    ids.push(...page.redemptions.map((r) => r.id));
    after = page.nextCursor;
    if (!after) return ids;
  }
  throw new Error("The pages never end");
}

/** The queue's order over all rows of `wanted` statuses, as the whole table says it. */
async function expected(wanted: readonly string[]): Promise<number[]> {
  const all = await ctx.db.selectFrom("redemptions").select(["id", "status"]).execute();
  return all
    .filter((r) => wanted.includes(r.status))
    .map((r) => ({
      id: Number(r.id),
      rank: rank(r.status),
      key: r.status === "pending" ? Number(r.id) : -Number(r.id),
    }))
    .sort((a, b) => a.rank - b.rank || a.key - b.key)
    .map((r) => r.id);
}

describe("the redemption queue, a page at a time", () => {
  it.each([1, 3, 7, 40, 200])(
    "all of it, %i a page: every redemption once, in the queue's order",
    async (n) => {
      const ids = await walk("", n);
      expect(ids).toEqual(await expected(statuses));
      expect(new Set(ids).size).toBe(40);
    },
  );

  it("the open queue and one status, page by page", async () => {
    expect(await walk("status=open&", 4)).toEqual(await expected(["pending", "failed", "approved"]));
    expect(await walk("status=paid&", 2)).toEqual(await expected(["paid"]));
    expect(await walk("status=pending&", 5)).toEqual(await expected(["pending"]));
  });

  it("the last page has no next cursor; one page that holds everything has none either", async () => {
    const page = (await (await get("limit=200")).json()) as AdminRedemptionList;
    expect(page.redemptions).toHaveLength(40);
    expect(page.nextCursor).toBeNull();
    const first = (await (await get("limit=40")).json()) as AdminRedemptionList;
    expect(first.nextCursor).toBeNull();
    expect(((await (await get("limit=39")).json()) as AdminRedemptionList).nextCursor).not.toBeNull();
  });

  it("a cursor past the end answers an empty page", async () => {
    const page = (await (await get("after=3.-1")).json()) as AdminRedemptionList;
    expect(page).toMatchObject({ redemptions: [], nextCursor: null });
  });

  it.each(["x", "4.1", "0.", "0.01", "1.2.3", "0.1e5", "-1.5", "0.99999999999999999", ""])(
    "a cursor that is no place of the queue (%j) answers 422 (invalid input)",
    async (bad) => {
      const res = await get(`after=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error: expect.anything() });
    },
  );
});
