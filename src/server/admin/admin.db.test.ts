import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, uniqueEmail } from "../../../tests/support/factories";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { BANNED_MESSAGE } from "../auth/auth";

let ctx: TestContext;
let admin: TestUser;
const adminEmail = uniqueEmail("admin");

beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAILS: adminEmail, ADMIN_RATE_LIMIT: "1000" });
  admin = await ctx.createVerifiedUser({ email: adminEmail });
});
afterAll(async () => {
  await ctx.close();
});

const asAdmin = (path: string, json?: unknown) =>
  ctx.request(path, { cookie: admin.cookie, ...(json === undefined ? {} : { method: "POST", json }) });
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function counts(userId: string) {
  const [ledger, audit, profile] = await Promise.all([
    ctx.db
      .selectFrom("coin_ledger")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom("audit_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("target_id", "=", userId)
      .executeTakeFirstOrThrow(),
    ctx.db.selectFrom("user_profiles").select("points").where("id", "=", userId).executeTakeFirstOrThrow(),
  ]);
  return { ledger: ledger.n, audit: audit.n, balance: profile.points };
}

describe("coin adjustments", () => {
  it("writes one ledger row (kind adjustment, the reason) and one audit row; the user sees it in their history", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      amount: 1000,
      reason: "Support ticket 42",
    });
    expect(res.status).toBe(201);
    const result = await res.json();
    expect(result).toMatchObject({ amount: 1000, balance: 1000 });
    expect(await counts(user.id)).toEqual({ ledger: 1, audit: 1, balance: 1000 });
    const audit = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("id", "=", result.auditId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: admin.id,
      action: "coins.adjust",
      target_type: "user",
      target_id: user.id,
      before: { balance: 0 },
      after: { balance: 1000, amount: 1000, ledgerEntryId: result.entryId },
      reason: "Support ticket 42",
    });
    expect(audit.request_id).toBeTruthy();
    const history = await (await ctx.request("/api/ledger/transactions", { cookie: user.cookie })).json();
    expect(history.entries).toMatchObject([
      { kind: "adjustment", amount: 1000, reason: "Support ticket 42" },
    ]);
    const balance = await (await ctx.request("/api/ledger/balance", { cookie: user.cookie })).json();
    expect(balance.balance).toBe(1000);
  });

  it("takes coins down to exactly 0, and refuses −N below the balance with 409, writing nothing", async () => {
    const user = await ctx.createVerifiedUser();
    await asAdmin(`/api/admin/users/${user.id}/adjustments`, { amount: 30, reason: "Goodwill" });
    const tooMuch = await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      amount: -31,
      reason: "Fraud",
    });
    expect(tooMuch.status).toBe(409);
    expect(await errorCode(tooMuch)).toBe("ADJUSTMENT_BELOW_ZERO");
    expect(await counts(user.id)).toEqual({ ledger: 1, audit: 1, balance: 30 });
    const all = await asAdmin(`/api/admin/users/${user.id}/adjustments`, { amount: -30, reason: "Fraud" });
    expect(all.status).toBe(201);
    expect(await counts(user.id)).toEqual({ ledger: 2, audit: 2, balance: 0 });
  });

  it("never goes below 0 under concurrent takes: one of two −20s on 30 coins succeeds", async () => {
    const user = await ctx.createVerifiedUser();
    await asAdmin(`/api/admin/users/${user.id}/adjustments`, { amount: 30, reason: "Start" });
    const results = await Promise.all(
      [1, 2].map(() => asAdmin(`/api/admin/users/${user.id}/adjustments`, { amount: -20, reason: "Take" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await counts(user.id)).toEqual({ ledger: 2, audit: 2, balance: 10 });
  });

  it("rolls the ledger row back when its audit row cannot be written (one transaction)", async () => {
    const user = await ctx.createVerifiedUser();
    await sql
      .raw(`create function refuse_test_audit() returns trigger language plpgsql as $$
      begin
        if new.reason = 'audit must fail' then raise exception 'audit refused for the test'; end if;
        return new;
      end $$`)
      .execute(ctx.db);
    await sql
      .raw(
        "create trigger refuse_test_audit before insert on audit_log for each row execute function refuse_test_audit()",
      )
      .execute(ctx.db);
    const res = await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      amount: 50,
      reason: "audit must fail",
    });
    expect(res.status).toBe(500);
    expect(await counts(user.id)).toEqual({ ledger: 0, audit: 0, balance: 0 });
  });

  it("validates the amount and the reason (422) and answers 404 for an unknown user", async () => {
    const user = await ctx.createVerifiedUser();
    for (const body of [
      { amount: 0, reason: "Zero" },
      { amount: 1.5, reason: "Half" },
      { amount: 10, reason: "" },
      { amount: 10_000_000, reason: "Too much" },
      { amount: "10", reason: "String" },
    ]) {
      const res = await asAdmin(`/api/admin/users/${user.id}/adjustments`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const missing = await asAdmin("/api/admin/users/nobody/adjustments", { amount: 10, reason: "Nobody" });
    expect(missing.status).toBe(404);
    expect(await counts(user.id)).toEqual({ ledger: 0, audit: 0, balance: 0 });
  });

  it("needs a fresh session: signed in more than 15 minutes ago → 403 REAUTH_REQUIRED, nothing written", async () => {
    const user = await ctx.createVerifiedUser();
    const cookie = await ctx.signIn(admin.email, admin.password);
    await ctx.db
      .updateTable("session")
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where("userId", "=", admin.id)
      .execute();
    const res = await ctx.request(`/api/admin/users/${user.id}/adjustments`, {
      method: "POST",
      cookie,
      json: { amount: 10, reason: "Late" },
    });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("REAUTH_REQUIRED");
    expect(await counts(user.id)).toEqual({ ledger: 0, audit: 0, balance: 0 });
    admin.cookie = await ctx.signIn(admin.email, admin.password);
  });
});

describe("bans", () => {
  it("end the user's sessions and refuse sign-in and earning until lifted", async () => {
    const user = await ctx.createVerifiedUser();
    const expiresAt = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
    const res = await asAdmin(`/api/admin/users/${user.id}/ban`, { reason: "Bot farming", expiresAt });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ banned: true, banReason: "Bot farming", sessionsEnded: 1 });

    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(401);
    const earn = await ctx.request("/api/videos/tutorial-get-started/watches", {
      method: "POST",
      cookie: user.cookie,
    });
    expect(earn.status).toBe(401);
    const signIn = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({ error: { code: "BANNED_USER", message: BANNED_MESSAGE } });
    expect(await counts(user.id)).toMatchObject({ ledger: 0, balance: 0 });

    const audit = await ctx.db.selectFrom("audit_log").selectAll().where("target_id", "=", user.id).execute();
    expect(audit).toMatchObject([
      {
        action: "user.ban",
        actor_id: admin.id,
        reason: "Bot farming",
        before: { banned: false },
        after: { banned: true, banExpires: expiresAt },
      },
    ]);

    const lift = await asAdmin(`/api/admin/users/${user.id}/unban`, { reason: "Appeal accepted" });
    expect(lift.status).toBe(200);
    const cookie = await ctx.signIn(user.email, user.password);
    expect(
      (await ctx.request("/api/videos/tutorial-get-started/watches", { method: "POST", cookie })).status,
    ).toBe(201);
  });

  it("refuses a session that outlived a ban (sessions are checked for the ban too)", async () => {
    const user = await ctx.createVerifiedUser();
    await ctx.db
      .updateTable("user")
      .set({ banned: true, banReason: "Set directly" })
      .where("id", "=", user.id)
      .execute();
    const earn = await ctx.request("/api/videos/tutorial-get-started/watches", {
      method: "POST",
      cookie: user.cookie,
    });
    expect(earn.status).toBe(401);
    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(401);
  });

  it("refuse banning oneself, unbanning someone not banned, and an end in the past", async () => {
    const self = await asAdmin(`/api/admin/users/${admin.id}/ban`, { reason: "Oops" });
    expect(self.status).toBe(403);
    expect(await errorCode(self)).toBe("SELF_ACTION");
    const user = await ctx.createVerifiedUser();
    expect((await asAdmin(`/api/admin/users/${user.id}/unban`, { reason: "Nothing" })).status).toBe(409);
    const past = await asAdmin(`/api/admin/users/${user.id}/ban`, {
      reason: "Past",
      expiresAt: "2020-01-01T00:00:00Z",
    });
    expect(past.status).toBe(422);
    expect(await counts(user.id)).toMatchObject({ audit: 0 });
    expect((await ctx.request("/api/me", { cookie: admin.cookie })).status).toBe(200);
  });
});

describe("sessions and roles", () => {
  it("revoke-sessions signs the user out everywhere, with an audit row", async () => {
    const user = await ctx.createVerifiedUser();
    const second = await ctx.signIn(user.email, user.password);
    const res = await asAdmin(`/api/admin/users/${user.id}/revoke-sessions`, { reason: "Stolen phone" });
    expect(await res.json()).toEqual({ sessionsEnded: 2 });
    for (const cookie of [user.cookie, second])
      expect((await ctx.request("/api/me", { cookie })).status).toBe(401);
    expect(await counts(user.id)).toMatchObject({ audit: 1 });
  });

  it("grants and revokes the administrator role; an administrator cannot demote themself", async () => {
    const user = await ctx.createVerifiedUser();
    const grant = await asAdmin(`/api/admin/users/${user.id}/role`, {
      role: "admin",
      reason: "New operator",
    });
    expect(await grant.json()).toEqual({ role: "admin", changed: true });
    expect((await ctx.request("/api/admin/overview", { cookie: user.cookie })).status).toBe(200);
    const revoke = await asAdmin(`/api/admin/users/${user.id}/role`, {
      role: "user",
      reason: "Left the team",
    });
    expect(await revoke.json()).toEqual({ role: "user", changed: true });
    expect((await ctx.request("/api/admin/overview", { cookie: user.cookie })).status).toBe(403);
    const self = await asAdmin(`/api/admin/users/${admin.id}/role`, { role: "user", reason: "Oops" });
    expect(self.status).toBe(403);
    expect(await errorCode(self)).toBe("SELF_ACTION");
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", user.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["role.grant", "role.revoke"]);
  });
});

describe("better-auth's own admin endpoints", () => {
  it("are off (404), even for an administrator: every change goes through /api/admin and its audit row", async () => {
    const user = await ctx.createVerifiedUser();
    const setRole = await asAdmin("/api/auth/admin/set-role", { userId: user.id, role: "admin" });
    expect(setRole.status).toBe(404);
    expect(await errorCode(setRole)).toBe("NOT_FOUND");
    const ban = await asAdmin("/api/auth/admin/ban-user", { userId: user.id });
    expect(ban.status).toBe(404);
    expect((await asAdmin("/api/auth/admin/list-users")).status).toBe(404);
    const row = await ctx.db
      .selectFrom("user")
      .select(["role", "banned"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "user", banned: false });
  });
});

describe("reading", () => {
  it("finds users by part of the address (any case) or by id, and shows a user's page", async () => {
    const tag = `find-${Date.now()}`;
    const user = await ctx.createVerifiedUser({ email: `${tag}@example.test` });
    const friend = await ctx.createVerifiedUser({
      referralCode: (await (await ctx.request("/api/me", { cookie: user.cookie })).json()).profile
        .referralCode,
    });
    const byEmail = await (await asAdmin(`/api/admin/users?q=${tag.toUpperCase()}`)).json();
    expect(byEmail).toMatchObject({
      total: 1,
      page: 1,
      users: [{ id: user.id, email: user.email, role: "user" }],
    });
    const byId = await (await asAdmin(`/api/admin/users?q=${user.id}`)).json();
    expect(byId.users.map((u: { id: string }) => u.id)).toEqual([user.id]);
    expect((await (await asAdmin("/api/admin/users?q=%25")).json()).total).toBe(0);

    const detail = await (await asAdmin(`/api/admin/users/${user.id}`)).json();
    expect(detail).toMatchObject({
      user: { id: user.id, banned: false, balance: 0 },
      referrals: [{ id: friend.id, email: friend.email }],
      referredBy: null,
    });
    expect(detail.signUpIp).toMatch(/^10\./);
    expect(detail.sessions.length).toBe(1);
    expect((await asAdmin("/api/admin/users/nobody")).status).toBe(404);
  });

  it("pages the users list", async () => {
    const first = await (await asAdmin("/api/admin/users?page=1")).json();
    expect(first.pageSize).toBe(20);
    expect(first.total).toBeGreaterThan(first.users.length > 0 ? 0 : -1);
    const far = await (await asAdmin("/api/admin/users?page=9999")).json();
    expect(far.users).toEqual([]);
    expect((await asAdmin("/api/admin/users?page=0")).status).toBe(422);
  });

  it("filters the audit log by administrator, target and action", async () => {
    const user = await ctx.createVerifiedUser();
    await asAdmin(`/api/admin/users/${user.id}/adjustments`, { amount: 7, reason: "Filter me" });
    await asAdmin(`/api/admin/users/${user.id}/revoke-sessions`, { reason: "Filter me too" });
    const byTarget = await (await asAdmin(`/api/admin/audit?target=${user.email}`)).json();
    expect(byTarget.entries.map((e: { action: string }) => e.action)).toEqual([
      "sessions.revoke",
      "coins.adjust",
    ]);
    expect(byTarget.entries[1]).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      targetId: user.id,
      targetEmail: user.email,
      reason: "Filter me",
    });
    const byAction = await (await asAdmin(`/api/admin/audit?target=${user.id}&action=coins.adjust`)).json();
    expect(byAction.entries).toHaveLength(1);
    const byActor = await (
      await asAdmin(`/api/admin/audit?actor=${admin.email.toUpperCase()}&limit=100`)
    ).json();
    expect(byActor.entries.every((e: { actor: { id: string } }) => e.actor.id === admin.id)).toBe(true);
    const page = await (await asAdmin(`/api/admin/audit?target=${user.id}&limit=1`)).json();
    const next = await (
      await asAdmin(`/api/admin/audit?target=${user.id}&limit=1&before=${page.nextCursor}`)
    ).json();
    expect([...page.entries, ...next.entries].map((e: { action: string }) => e.action)).toEqual([
      "sessions.revoke",
      "coins.adjust",
    ]);
  });

  it("counts users, coins issued per kind and the liability on the overview", async () => {
    const user = await ctx.createVerifiedUser();
    await asAdmin(`/api/admin/users/${user.id}/adjustments`, { amount: 200, reason: "Overview" });
    const overview = await (await asAdmin("/api/admin/overview")).json();
    const total = await ctx.db
      .selectFrom("user_profiles")
      .select(sql<number>`sum(points)::int`.as("s"))
      .executeTakeFirstOrThrow();
    expect(overview.liability.coins).toBe(total.s);
    expect(overview.users.newLast7Days).toBe(overview.users.total);
    expect(
      overview.issued.find((r: { kind: string }) => r.kind === "adjustment").today,
    ).toBeGreaterThanOrEqual(200);
  });
});

describe("rate limit", () => {
  it("refuses an administrator's changes past ADMIN_RATE_LIMIT per minute with 429", async () => {
    const limited = await createTestContext({ ADMIN_EMAILS: adminEmail, ADMIN_RATE_LIMIT: "2" });
    try {
      const boss = await limited.createVerifiedUser({ email: adminEmail });
      const user = await limited.createVerifiedUser();
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.request(`/api/admin/users/${user.id}/adjustments`, {
          method: "POST",
          cookie: boss.cookie,
          json: { amount: 1, reason: "Limit" },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect((await limited.request("/api/admin/overview", { cookie: boss.cookie })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
