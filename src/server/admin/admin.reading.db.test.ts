import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { adminContextForFile, adminRequest, createAdminContext } from "#tests/support/admin";
import { grantCoins } from "#tests/support/coins";
import { decidedKyc } from "#tests/support/kyc";
import { DELETE_CONFIRMATION } from "~/core/account";
import type { AdminOverview } from "~/core/api/admin";
import { formatDollars } from "~/core/coins";

/** What administrators read (users, the audit log, the overview), and their rate limit. */
const { ctx, admin } = adminContextForFile();

const asAdmin = (path: string, json?: unknown) => adminRequest(ctx, admin, path, json);

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
      nextCursor: null,
      prevCursor: null,
      users: [{ id: user.id, email: user.email, role: "user" }],
    });
    const byId = await (await asAdmin(`/api/admin/users?q=${user.id}`)).json();
    expect(byId.users.map((u: { id: string }) => u.id)).toEqual([user.id]);
    expect((await (await asAdmin("/api/admin/users?q=%25")).json()).users).toEqual([]);

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

  it("pages the users list by key, older with Next and back with Previous, no user twice or left out", async () => {
    const tag = `page-${Date.now()}`;
    const made = [];
    for (let i = 0; i < 45; i++)
      made.push(await ctx.createVerifiedUser({ email: `${tag}-${i}@example.test` }));
    // Same sign-up time for a few: the id breaks the tie, and no row is skipped or repeated at a page's edge.
    await sql`update "user" set "createdAt" = date_trunc('second', now()) - interval '1 hour' where email like ${`${tag}-1_@%`}`.execute(
      ctx.db,
    );
    const first = await (await asAdmin(`/api/admin/users?q=${tag}`)).json();
    expect(first.pageSize).toBe(20);
    expect(first.prevCursor).toBeNull();
    const seen: string[] = [];
    const pages = [first];
    let page = first;
    while (page.nextCursor) {
      page = await (await asAdmin(`/api/admin/users?q=${tag}&after=${page.nextCursor}`)).json();
      pages.push(page);
    }
    for (const p of pages) seen.push(...p.users.map((u: { id: string }) => u.id));
    expect(pages.map((p) => p.users.length)).toEqual([20, 20, 5]);
    expect([...seen].sort()).toEqual(made.map((u) => u.id).sort());
    const back = await (await asAdmin(`/api/admin/users?q=${tag}&before=${page.prevCursor}`)).json();
    expect(back.users).toEqual(pages[1].users);
    expect(back.nextCursor).not.toBeNull();
    const top = await (await asAdmin(`/api/admin/users?q=${tag}&before=${back.prevCursor}`)).json();
    expect(top.users).toEqual(first.users);
    expect(top.prevCursor).toBeNull();
    const all = await (await asAdmin("/api/admin/users")).json();
    expect(all.users.length).toBe(20);
    expect((await asAdmin("/api/admin/users?after=!!")).status).toBe(422);
    expect((await asAdmin("/api/admin/users?after=bm90LWpzb24")).status).toBe(422);
    // Both places: the rows between them (after page 1's last row, before page 3's first), i.e. page 2.
    const between = await (
      await asAdmin(`/api/admin/users?q=${tag}&after=${first.nextCursor}&before=${pages[2].prevCursor}`)
    ).json();
    expect(between.users).toEqual(pages[1].users);
  });

  it("filters the audit log by administrator, target and action", async () => {
    const user = await ctx.createVerifiedUser();
    await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 7,
      reason: "Filter me",
    });
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

  it("names a KYC decision's entry by the person whose submission it was, not by the submission's id", async () => {
    const user = await ctx.createVerifiedUser();
    const { submissionId } = await decidedKyc(ctx.deps, user.id, { decision: "approve", actorId: admin.id });
    const { entries } = await (await asAdmin("/api/admin/audit?action=kyc.approve&limit=100")).json();
    expect(entries.find((e: { targetId: string }) => e.targetId === submissionId)).toMatchObject({
      targetType: "kyc_submission",
      targetEmail: user.email,
    });
  });

  it("counts users, coins issued per kind and the liability on the overview", async () => {
    const user = await ctx.createVerifiedUser();
    await asAdmin(`/api/admin/users/${user.id}/adjustments`, {
      adjustmentId: randomUUID(),
      amount: 200,
      reason: "Overview",
    });
    const overview = await (await asAdmin("/api/admin/overview")).json();
    const total = await ctx.db
      .selectFrom("user_profiles")
      .select(sql<number>`coalesce(sum(points), 0)::int`.as("s"))
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(overview.liability.coins).toBe(total.s);
    expect(overview.users.newLast7Days).toBe(overview.users.total);
    expect(
      overview.issued.find((r: { kind: string }) => r.kind === "adjustment").today,
    ).toBeGreaterThanOrEqual(200);
  });
});

describe("liability as books", () => {
  it("a deleted account's balance leaves what is owed and shows as breakage", async () => {
    const overview = async () => (await (await asAdmin("/api/admin/overview")).json()) as AdminOverview;
    const user = await ctx.createVerifiedUser();
    await grantCoins(ctx.db, user.id, 1_234);
    const before = await overview();
    const deleted = await ctx.request("/api/account/delete", {
      method: "POST",
      cookie: user.cookie,
      json: { password: user.password, confirmation: DELETE_CONFIRMATION },
    });
    expect(deleted.status).toBe(200);
    const after = await overview();
    expect(after.liability.coins).toBe(before.liability.coins - 1_234);
    expect(after.breakage.coins).toBe(before.breakage.coins + 1_234);
    expect(after.breakage.accounts).toBe(before.breakage.accounts + 1);
    expect(after.breakage.dollars).toBe(formatDollars(after.breakage.coins));
    // The books still add up: owed + forfeited is every balance, and every balance is its ledger.
    const all = await ctx.db
      .selectFrom("user_profiles")
      .select(sql<number>`coalesce(sum(points), 0)::int`.as("s"))
      .executeTakeFirstOrThrow();
    expect(after.liability.coins + after.breakage.coins).toBe(all.s);
  });
});

describe("rate limit", () => {
  it("refuses an administrator's changes past ADMIN_RATE_LIMIT per minute with 429", async () => {
    const { ctx: limited, admin: boss } = await createAdminContext({ ADMIN_RATE_LIMIT: "2" });
    try {
      const user = await limited.createVerifiedUser();
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.request(`/api/admin/users/${user.id}/adjustments`, {
          method: "POST",
          cookie: boss.cookie,
          json: { adjustmentId: randomUUID(), amount: 1, reason: "Limit" },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect((await limited.request("/api/admin/overview", { cookie: boss.cookie })).status).toBe(200);
      // The same budget covers the redemption and KYC decisions (unlimited, these unknown ids would be 404s).
      const decisions = [
        ["/api/admin/redemptions/999999/approve", undefined],
        ["/api/admin/redemptions/999999/reject", { reason: "Limit" }],
        ["/api/admin/redemptions/999999/mark-paid", { reference: "X-1" }],
        ["/api/admin/redemptions/999999/retry", undefined],
        [`/api/admin/kyc/${crypto.randomUUID()}/decision`, { decision: "approve" }],
      ] as const;
      for (const [path, json] of decisions) {
        const res = await limited.request(path, { method: "POST", cookie: boss.cookie, json: json ?? {} });
        expect(res.status, path).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});
