import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "~/server/db/client";
import { type TestUser, uniqueEmail } from "./factories";
import { deferred } from "./made-before-all";
import { createTestContext, type TestContext, type TestEnvOverrides } from "./test-app";

/**
 * An app with one signed-in administrator (ADMIN_EMAILS), whose rate limit stays out of the way unless
 * `overrides` set ADMIN_RATE_LIMIT.
 */
export async function createAdminContext(overrides: TestEnvOverrides = {}) {
  const adminEmail = uniqueEmail("admin");
  const ctx = await createTestContext({ ADMIN_EMAILS: adminEmail, ADMIN_RATE_LIMIT: "1000", ...overrides });
  const admin = await ctx.createVerifiedUser({ email: adminEmail });
  return { ctx, admin, adminEmail };
}

/** The file's admin app (createAdminContext), made before its tests and closed after them. */
export function adminContextForFile(overrides: TestEnvOverrides = {}) {
  let made: Awaited<ReturnType<typeof createAdminContext>> | undefined;
  beforeAll(async () => {
    made = await createAdminContext(overrides);
  });
  afterAll(async () => {
    await made?.ctx.close();
  });
  return {
    ctx: deferred(() => made?.ctx, "the admin context"),
    admin: deferred(() => made?.admin, "the administrator"),
  };
}

/** A request of `admin`: a GET, or a POST of `json` when given. */
export const adminRequest = (ctx: TestContext, admin: TestUser, path: string, json?: unknown) =>
  ctx.request(path, { cookie: admin.cookie, ...(json === undefined ? {} : { method: "POST", json }) });

/** What an administrator's action on `userId` left behind: ledger rows, audit rows and the balance. */
export async function ledgerAuditCounts(db: Database, userId: string) {
  const [ledger, audit, profile] = await Promise.all([
    db
      .selectFrom("coin_ledger")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("audit_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("target_id", "=", userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom("user_profiles").select("points").where("id", "=", userId).executeTakeFirstOrThrow(),
  ]);
  return { ledger: ledger.n, audit: audit.n, balance: profile.points };
}

/**
 * A second administrator, granted the role in the database (not listed in ADMIN_EMAILS) as the operator's
 * bootstrap does it (an administrator since now: docs/product.md, "Dual control"), signed in.
 */
export async function secondAdmin(ctx: TestContext): Promise<TestUser> {
  const user = await ctx.createVerifiedUser({ email: uniqueEmail("admin-b") });
  await makeAdmin(ctx.db, user.id);
  return user;
}

/** The role in the database, with the moment it was granted (user_profiles.admin_since). */
export async function makeAdmin(db: Database, userId: string) {
  await db.updateTable("user").set({ role: "admin" }).where("id", "=", userId).execute();
  await db.updateTable("user_profiles").set({ admin_since: sql`now()` }).where("id", "=", userId).execute();
}

/** A content editor: the `editor` role set in the database (as an approved proposal would set it). */
export async function makeEditor(db: Database, userId: string) {
  await db.updateTable("user").set({ role: "editor" }).where("id", "=", userId).execute();
}

/** A new confirmed user of `ctx` made a content editor directly (the role's grant is tested elsewhere). */
export async function createEditor(ctx: Pick<TestContext, "createVerifiedUser" | "db">): Promise<TestUser> {
  const user = await ctx.createVerifiedUser();
  await makeEditor(ctx.db, user.id);
  return user;
}
