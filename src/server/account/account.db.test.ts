import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceAndLedger, grantCoins } from "#tests/support/coins";
import { signIn, type TestUser } from "#tests/support/factories";
import { givePendingKyc } from "#tests/support/kyc";
import { adminAction, createRedemptionsContext, requested, userWith } from "#tests/support/redemptions";
import type { TestContext } from "#tests/support/test-app";
import type { AccountSessions } from "~/core/api/account";

/** docs/product.md "Your account": sessions and deletion. */
let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ({ ctx, admin } = await createRedemptionsContext());
});
afterAll(async () => {
  await ctx.close();
});

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const sessionsOf = async (cookie: string): Promise<AccountSessions> => {
  const res = await ctx.request("/api/account/sessions", { cookie });
  expect(res.status).toBe(200);
  return res.json();
};
const signInWith = async (user: TestUser, userAgent: string) => {
  const res = await ctx.request("/api/auth/sign-in/email", {
    method: "POST",
    json: { email: user.email, password: user.password },
    headers: { "user-agent": userAgent },
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
};
const deleteAs = (user: TestUser, json: unknown = { password: user.password, confirmation: "DELETE" }) =>
  ctx.request("/api/account/delete", { method: "POST", cookie: user.cookie, json });

describe("sessions", () => {
  it("lists every session with its device, marks this one, and ends one or all others", async () => {
    const user = await ctx.createVerifiedUser();
    const desktop = await signInWith(user, CHROME);
    const phone = await signInWith(user, IPHONE);
    const { sessions } = await sessionsOf(desktop);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const current = sessions.find((s) => s.current)!;
    expect(current.device).toBe("Chrome 131 on Linux");
    const phoneSession = sessions.find((s) => /Safari/.test(s.device))!;
    expect(phoneSession.device).toMatch(/iOS.*\(mobile\)/);
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);

    expect((await ctx.request("/api/me", { cookie: phone })).status).toBe(200);
    const end = await ctx.request(`/api/account/sessions/${phoneSession.id}/end`, {
      method: "POST",
      cookie: desktop,
    });
    expect(await end.json()).toEqual({ ended: 1 });
    expect((await ctx.request("/api/me", { cookie: phone })).status).toBe(401);

    const others = await ctx.request("/api/account/sessions/end-others", { method: "POST", cookie: desktop });
    expect(await others.json()).toEqual({ ended: 1 });
    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(401);
    expect((await sessionsOf(desktop)).sessions.map((s) => s.current)).toEqual([true]);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const [a, b] = [await ctx.createVerifiedUser(), await ctx.createVerifiedUser()];
    const [bSession] = (await sessionsOf(b.cookie)).sessions;
    const res = await ctx.request(`/api/account/sessions/${bSession!.id}/end`, {
      method: "POST",
      cookie: a.cookie,
    });
    expect(res.status).toBe(404);
    expect((await ctx.request("/api/me", { cookie: b.cookie })).status).toBe(200);
  });
});

describe("deleting the account", () => {
  it("refuses a wrong password or confirmation and changes nothing", async () => {
    const user = await userWith(ctx, 300);
    expect((await deleteAs(user, { password: "wrong-password", confirmation: "DELETE" })).status).toBe(400);
    expect((await deleteAs(user, { password: user.password, confirmation: "delete" })).status).toBe(422);
    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(200);
  });

  it("cancels a pending redemption first, erases personal data, keeps the books, mails the old address", async () => {
    const user = await userWith(ctx, 2500);
    const kycId = await givePendingKyc(ctx.deps, user.id);
    const pending = await requested(ctx, user, 1000);
    const before = await ctx.db
      .selectFrom("coin_ledger")
      .select((eb) => eb.fn.sum<string>("amount").as("s"))
      .executeTakeFirstOrThrow();

    const res = await deleteAs(user);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({
      deleted: true,
      forfeitedCoins: 2500,
      cancelledRedemptions: [pending.id],
    });
    expect(res.headers.getSetCookie().join()).toMatch(/session_token=;/);

    // Signed out everywhere; the old password no longer signs in.
    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(401);
    await expect(signIn(ctx.client, user.email, user.password)).rejects.toThrow(/401/);
    // Personal data gone; the anonymised user still owns its ledger rows, which still sum to the balance.
    const row = await ctx.db
      .selectFrom("user")
      .selectAll()
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).not.toContain(user.email);
    expect(await ctx.db.selectFrom("account").select("id").where("userId", "=", user.id).execute()).toEqual(
      [],
    );
    expect(
      await ctx.db.selectFrom("kyc_submissions").select("id").where("user_id", "=", user.id).execute(),
    ).toEqual([]);
    // The browsers it signed in from and its sign-up browser are forgotten too.
    expect(
      await ctx.db.selectFrom("user_devices").select("device_id").where("user_id", "=", user.id).execute(),
    ).toEqual([]);
    expect(
      await ctx.db
        .selectFrom("user_profiles")
        .select("signup_device")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ signup_device: null });
    expect(
      await ctx.db
        .selectFrom("kyc_documents")
        .select("submission_id")
        .where("submission_id", "=", kycId)
        .execute(),
    ).toEqual([]);
    const redemption = await ctx.db
      .selectFrom("redemptions")
      .selectAll()
      .where("id", "=", pending.id)
      .executeTakeFirstOrThrow();
    expect(redemption.status).toBe("cancelled");
    expect(redemption.recipient).not.toContain(user.email);
    expect(await balanceAndLedger(ctx.db, user.id)).toEqual({ balance: 2500, ledger: 2500 });
    const after = await ctx.db
      .selectFrom("coin_ledger")
      .select((eb) => eb.fn.sum<string>("amount").as("s"))
      .executeTakeFirstOrThrow();
    // The refund of the cancelled request is the only new coin movement.
    expect(Number(after.s) - Number(before.s)).toBe(1000);
    // The administrator finds no document; the console marks the account deleted.
    expect((await ctx.request(`/api/admin/kyc/${kycId}/document`, { cookie: admin.cookie })).status).toBe(
      404,
    );
    const detail = await (await ctx.request(`/api/admin/users/${user.id}`, { cookie: admin.cookie })).json();
    expect(detail.user.deletedAt).toEqual(expect.any(String));
    // One audit row, one mail to the old address.
    const audit = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "account.delete")
      .where("target_id", "=", user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(user.email);
    const mails = await ctx.mailTo(user.email);
    expect(mails.filter((m) => /deleted/.test(m.subject))).toHaveLength(1);
    // The address is free: it signs up as a new account.
    const again = await ctx.createVerifiedUser({ email: user.email });
    expect(again.id).not.toBe(user.id);
    expect(await ctx.balanceOf(again)).toBe(0);
  });

  it("is refused while a payout is being sent, and nothing changes", async () => {
    const user = await userWith(ctx, 1000);
    const r = await requested(ctx, user, 1000);
    expect((await adminAction(ctx, admin, `/${r.id}/approve`)).status).toBe(200);
    const res = await deleteAs(user);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe("PAYOUT_IN_FLIGHT");
    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(200);
  });

  it("is idempotent under a double submit: one deletion, one audit row, one mail", async () => {
    const user = await userWith(ctx, 700);
    await grantCoins(ctx.db, user.id, 50);
    const answers = await Promise.all([deleteAs(user), deleteAs(user)]);
    const statuses = answers.map((r) => r.status).sort();
    // Both reach the lock (200, the second answering the first's result), or the second comes after the
    // session is gone (401): never a second deletion or an error.
    expect([
      [200, 200],
      [200, 401],
    ]).toContainEqual(statuses);
    for (const r of answers.filter((a) => a.status === 200))
      expect(await r.json()).toEqual({ deleted: true, forfeitedCoins: 750, cancelledRedemptions: [] });
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "account.delete")
      .where("target_id", "=", user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect((await ctx.mailTo(user.email)).filter((m) => /deleted/.test(m.subject))).toHaveLength(1);
  });
});

describe("rate limits", () => {
  it("limits password checks and downloads like sign-in: AUTH_RATE_LIMIT a minute per user, whatever the address", async () => {
    const user = await ctx.createVerifiedUser();
    const deletes: number[] = [];
    for (let i = 0; i < 6; i++)
      deletes.push((await deleteAs(user, { password: `wrong-${i}`, confirmation: "DELETE" })).status);
    expect(deletes).toEqual([400, 400, 400, 400, 400, 429]);
    const downloads: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.request("/api/account/export/ledger.csv", { cookie: user.cookie });
      await res.body?.cancel();
      downloads.push(res.status);
    }
    expect(downloads).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
