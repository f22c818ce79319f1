import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "#tests/support/factories";
import { uniqueEmail } from "#tests/support/factories";
import { flakySessionCache } from "#tests/support/flaky-session-cache";
import { createTestContext, type TestContext } from "#tests/support/test-app";

/**
 * Bans with a session cache (Redis in production) that is unreachable when the ban is made: the ban is answered
 * as done, and the cached session that its drop could not reach is refused once the cache is back.
 */
const cache = flakySessionCache();
let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  const adminEmail = uniqueEmail("admin");
  ctx = await createTestContext(
    { ADMIN_EMAILS: adminEmail, ADMIN_RATE_LIMIT: "1000" },
    { secondaryStorage: cache.storage },
  );
  admin = await ctx.createVerifiedUser({ email: adminEmail });
});
afterAll(async () => {
  cache.state.down = false;
  await ctx.close();
});

const balance = (user: TestUser) => ctx.request("/api/ledger/balance", { cookie: user.cookie });
/** "Revoke sessions" on a user while the session cache is unreachable; the cache is back afterwards. */
async function revokeWhileCacheDown(userId: string, reason: string) {
  cache.state.down = true;
  try {
    return await ctx.request(`/api/admin/users/${userId}/revoke-sessions`, {
      method: "POST",
      cookie: admin.cookie,
      json: { reason },
    });
  } finally {
    cache.state.down = false;
  }
}

describe("a ban while the session cache is unreachable", () => {
  it("commits and answers 200; the stale cached session is refused when the cache is back", async () => {
    const user = await ctx.createVerifiedUser();
    expect((await balance(user)).status).toBe(200);
    cache.state.down = true;
    try {
      const ban = await ctx.request(`/api/admin/users/${user.id}/ban`, {
        method: "POST",
        cookie: admin.cookie,
        json: { reason: "Banned during an outage" },
      });
      expect(ban.status).toBe(200);
      expect(await ban.json()).toMatchObject({ banned: true, sessionsEnded: 1 });
      // Meanwhile sessions are read from the database, where the ban ended them.
      expect((await balance(user)).status).toBe(401);
    } finally {
      cache.state.down = false;
    }
    // The cache still holds the session as it was before the ban (better-auth's own endpoint serves it) …
    const cached = await ctx.request("/api/auth/get-session", { cookie: user.cookie });
    expect((await cached.json())?.user?.id).toBe(user.id);
    // … and the API refuses it.
    expect((await balance(user)).status).toBe(401);
    const earn = await ctx.request("/api/videos/tutorial-get-started/watches", {
      method: "POST",
      cookie: user.cookie,
    });
    expect(earn.status).toBe(401);
    const stored = await ctx.db
      .selectFrom("user")
      .select("banned")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(stored.banned).toBe(true);
  });

  it("'Revoke sessions' while the cache is unreachable holds too: the revoked session is refused afterwards", async () => {
    const user = await ctx.createVerifiedUser();
    expect((await balance(user)).status).toBe(200);
    const revoke = await revokeWhileCacheDown(user.id, "Signed out during an outage");
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toMatchObject({ sessionsEnded: 1 });
    expect((await balance(user)).status).toBe(401);
  });

  it("an administrator's revoked session loses the console and the password checks, cache or not", async () => {
    const other = await ctx.createVerifiedUser({ email: uniqueEmail("admin") });
    await ctx.db.updateTable("user").set({ role: "admin" }).where("id", "=", other.id).execute();
    expect((await ctx.request("/api/admin/overview", { cookie: other.cookie })).status).toBe(200);
    expect((await revokeWhileCacheDown(other.id, "Stolen laptop")).status).toBe(200);
    const cached = await ctx.request("/api/auth/get-session", { cookie: other.cookie });
    expect((await cached.json())?.user?.id).toBe(other.id);
    expect((await ctx.request("/api/admin/overview", { cookie: other.cookie })).status).toBe(401);
    const change = await ctx.request("/api/auth/change-password", {
      method: "POST",
      cookie: other.cookie,
      json: { currentPassword: other.password, newPassword: "a-brand-new-password-42" },
    });
    expect(change.status).toBe(401);
  });

  it("sessions of users who are not banned keep working", async () => {
    const user = await ctx.createVerifiedUser();
    expect((await balance(user)).status).toBe(200);
    expect((await balance(user)).status).toBe(200);
  });
});
