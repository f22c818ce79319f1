import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import type { ProposalList } from "~/core/api/dual-control";

/**
 * The console's proposals page by id (docs/product.md, "Admin console"): waiting ones oldest first, decided
 * ones newest first; walking the pages reads every proposal once.
 */
let ctx: TestContext;
let admin: TestUser;
const adminEmail = uniqueEmail("admin");

beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAILS: adminEmail });
  admin = await ctx.createVerifiedUser({ email: adminEmail });
  const user = await ctx.createVerifiedUser();
  await sql
    .raw(
      `insert into admin_proposals (kind, status, user_id, amount, adjustment_id, reason, proposed_by, decided_by,
         decided_at)
         select 'coins.adjust', case when g % 3 = 0 then 'approved' else 'proposed' end, '${user.id}', 10 + g,
                'pages-' || g, 'Goodwill', '${admin.id}', case when g % 3 = 0 then '${admin.id}' end,
                case when g % 3 = 0 then now() end
         from generate_series(1, 30) g`,
    )
    .execute(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

const get = (query: string) => ctx.request(`/api/admin/proposals?${query}`, { cookie: admin.cookie });

async function walk(status: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let after: number | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await get(`status=${status}&limit=${limit}${after ? `&after=${after}` : ""}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as ProposalList;
    expect(page.proposals.length).toBeLessThanOrEqual(limit);
    ids.push(...page.proposals.map((p) => p.id));
    after = page.nextCursor;
    if (!after) return ids;
  }
  throw new Error("The pages never end");
}

async function expected(status: "proposed" | "approved"): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom("admin_proposals")
    .select("id")
    .where("status", "=", status)
    .orderBy("id", status === "proposed" ? "asc" : "desc")
    .execute();
  return rows.map((r) => Number(r.id));
}

describe("the proposals, a page at a time", () => {
  it.each([1, 3, 7, 200])("waiting and decided, %i a page: every proposal once, in order", async (n) => {
    const waiting = await walk("proposed", n);
    expect(waiting).toEqual(await expected("proposed"));
    expect(waiting).toHaveLength(20);
    const decided = await walk("approved", n);
    expect(decided).toEqual(await expected("approved"));
    expect(decided).toHaveLength(10);
  });

  it.each(["x", "0", "-3", "1.5", "99999999999999999999"])(
    "a cursor that is no id (%j) answers 422",
    async (bad) => {
      expect((await get(`after=${bad}`)).status).toBe(422);
    },
  );
});
