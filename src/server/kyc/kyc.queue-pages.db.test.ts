import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import type { KycQueueResponse } from "~/core/api/kyc";

/**
 * The console's KYC lists page by key (docs/product.md, "Admin console"): pending oldest first, decided newest
 * first, by (time, id); walking the pages reads every submission once, also where times are equal.
 */
let ctx: TestContext;
let admin: TestUser;
const adminEmail = uniqueEmail("admin");
const N = 45;

beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAILS: adminEmail });
  admin = await ctx.createVerifiedUser({ email: adminEmail });
  const run = `kp${Date.now()}`;
  await sql
    .raw(
      `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
         select '${run}-' || g, 'User ' || g, '${run}-' || g || '@mail.test', true, now(), now()
         from generate_series(1, ${N}) g`,
    )
    .execute(ctx.db);
  // Times in groups of five equal ones (ties on the time, ordered by id), statuses by thirds.
  await sql
    .raw(
      `insert into kyc_submissions (user_id, status, full_name, document_id_sealed, document_id_hint, document_type,
         document_size, decided_at, reason, created_at)
         select '${run}-' || g, (array['pending', 'approved', 'rejected'])[1 + g % 3], 'Name ' || g, '\\x00',
                '…1234', 'image/png', 100, case when g % 3 = 0 then null else now() end,
                case when g % 3 = 2 then 'Unreadable' end,
                timestamptz '2026-01-01 00:00:00.123456+00' + (g / 5) * interval '1 minute 0.000001 second'
         from generate_series(1, ${N}) g`,
    )
    .execute(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

const get = (query: string) => ctx.request(`/api/admin/kyc?${query}`, { cookie: admin.cookie });

async function walk(status: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await get(
      `status=${status}&limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ""}`,
    );
    expect(res.status).toBe(200);
    const page = (await res.json()) as KycQueueResponse;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((i) => i.id));
    after = page.nextCursor;
    if (!after) return ids;
  }
  throw new Error("The pages never end");
}

/** The list's order, as the whole table says it. */
async function expected(status: "pending" | "approved" | "rejected"): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom("kyc_submissions")
    .select("id")
    .where("status", "=", status)
    .orderBy("created_at", status === "pending" ? "asc" : "desc")
    .orderBy("id", status === "pending" ? "asc" : "desc")
    .execute();
  return rows.map((r) => r.id);
}

describe("the KYC lists, a page at a time", () => {
  it.each([1, 2, 4, 15, 200])("each status, %i a page: every submission once, in order", async (n) => {
    for (const status of ["pending", "approved", "rejected"] as const) {
      const ids = await walk(status, n);
      expect(ids).toEqual(await expected(status));
      expect(ids).toHaveLength(15);
    }
  });

  it("the pages cross equal times without a repeat or a miss", async () => {
    const ids = await walk("pending", 3);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    "x",
    "2026-01-01T00:00:00.123456Z",
    "2026-13-01T00:00:00.123456Z_00000000-0000-0000-0000-000000000000",
    "2026-02-31T00:00:00.123456Z_00000000-0000-0000-0000-000000000000",
    "2026-01-01T00:00:00.123Z_00000000-0000-0000-0000-000000000000",
    "2026-01-01T00:00:00.123456Z_not-a-uuid",
  ])("a cursor that is no place of the list (%j) answers 422 (invalid input)", async (bad) => {
    const res = await get(`status=approved&after=${encodeURIComponent(bad)}`);
    expect(res.status).toBe(422);
  });

  it("a cursor of no submission still pages from its place", async () => {
    const res = await get(
      "status=pending&after=2099-01-01T00:00:00.000000Z_00000000-0000-0000-0000-000000000000",
    );
    expect(await res.json()).toEqual({ items: [], nextCursor: null });
  });
});
