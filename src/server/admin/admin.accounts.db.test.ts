import { describe, expect, it } from "vitest";
import { adminContextForFile, adminRequest, ledgerAuditCounts, secondAdmin } from "#tests/support/admin";
import { errorCode } from "#tests/support/typed-client";
import { BANNED_MESSAGE } from "../auth/auth";

/** Administrators act on accounts: bans, sessions and roles, each audited; better-auth's own admin API is off. */
const { ctx, admin } = adminContextForFile();

const asAdmin = (path: string, json?: unknown) => adminRequest(ctx, admin, path, json);
const counts = (userId: string) => ledgerAuditCounts(ctx.db, userId);

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

  it("grants and revokes the administrator role, each as a proposal a second administrator approves; an administrator cannot demote themself", async () => {
    const user = await ctx.createVerifiedUser();
    const second = await secondAdmin(ctx);
    const approve = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(202);
      const { proposal } = await res.json();
      expect(proposal).toMatchObject({ kind: "role.change", status: "proposed", user: { id: user.id } });
      const ok = await adminRequest(ctx, second, `/api/admin/proposals/${proposal.id}/approve`, {});
      expect(ok.status, await ok.clone().text()).toBe(200);
      return ok.json();
    };
    const grant = await asAdmin(`/api/admin/users/${user.id}/role`, {
      role: "admin",
      reason: "New operator",
    });
    // Power is money: nothing changes until the second administrator approves.
    expect((await ctx.request("/api/admin/overview", { cookie: user.cookie })).status).toBe(403);
    expect(await approve(grant)).toMatchObject({ role: "admin", proposal: { status: "approved" } });
    expect((await ctx.request("/api/admin/overview", { cookie: user.cookie })).status).toBe(200);
    const revoke = await asAdmin(`/api/admin/users/${user.id}/role`, {
      role: "user",
      reason: "Left the team",
    });
    expect(await approve(revoke)).toMatchObject({ role: "user" });
    expect((await ctx.request("/api/admin/overview", { cookie: user.cookie })).status).toBe(403);
    // Asking for the role a user already has changes nothing.
    const same = await asAdmin(`/api/admin/users/${user.id}/role`, { role: "user", reason: "Again" });
    expect(await same.json()).toEqual({ role: "user", changed: false });
    const self = await asAdmin(`/api/admin/users/${admin.id}/role`, { role: "user", reason: "Oops" });
    expect(self.status).toBe(403);
    expect(await errorCode(self)).toBe("SELF_ACTION");
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", user.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      "proposal.create",
      "proposal.approve",
      "role.grant",
      "proposal.create",
      "proposal.approve",
      "role.revoke",
    ]);
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
