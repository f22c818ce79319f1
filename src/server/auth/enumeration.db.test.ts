import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** The keys of a JSON value, recursively, with the type of each leaf: what a client could tell apart. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  return value === null ? "null" : typeof value;
}

describe("no account enumeration", () => {
  it("a sign-up with a registered address answers like a new one and changes nothing", async () => {
    const referrer = await ctx.createVerifiedUser();
    const { profile } = await (await ctx.request("/api/me", { cookie: referrer.cookie })).json();
    const email = uniqueEmail("dup");

    const fresh = await ctx.signUp(email, "first-password", { referralCode: null });
    const freshBody = await fresh.json();
    await ctx.verifyEmail(email);

    const again = await ctx.signUp(email.toUpperCase(), "second-password", {
      referralCode: profile.referralCode,
    });
    const againBody = await again.json();

    expect(again.status).toBe(fresh.status);
    expect(shape(againBody)).toEqual(shape(freshBody));
    expect(againBody.user).toMatchObject({ email, emailVerified: false, name: "" });
    expect(againBody.user.id).not.toBe(freshBody.user.id);
    expect(againBody.user.id).toHaveLength(freshBody.user.id.length);
    expect(againBody.referral).toBe("applied");
    expect([...again.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());

    // Nothing happened to the existing account: one user, one mail, old password, no referral.
    const users = await ctx.db.selectFrom("user").select("id").where("email", "=", email).execute();
    expect(users).toEqual([{ id: freshBody.user.id }]);
    expect(await ctx.mailTo(email)).toHaveLength(1);
    await expect(ctx.signIn(email, "second-password")).rejects.toThrow(/401/);
    await ctx.signIn(email, "first-password");
    const row = await ctx.db
      .selectFrom("user_profiles")
      .select("referred_by")
      .where("id", "=", freshBody.user.id)
      .executeTakeFirstOrThrow();
    expect(row.referred_by).toBeNull();
    const referrals = await ctx.db
      .selectFrom("referrals")
      .selectAll()
      .where("referred_id", "=", freshBody.user.id)
      .execute();
    expect(referrals).toEqual([]);
  });

  it("a password reset for an unknown address answers like one for a real account", async () => {
    const user = await ctx.createVerifiedUser();
    const unknownEmail = uniqueEmail("nobody");
    const ask = (email: string) =>
      ctx.request("/api/auth/request-password-reset", { json: { email, redirectTo: "/update-password" } });

    const known = await ask(user.email);
    const unknown = await ask(unknownEmail);
    expect(unknown.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());

    expect((await ctx.mailTo(user.email)).filter((m) => /reset/i.test(m.subject))).toHaveLength(1);
    expect(await ctx.mailTo(unknownEmail)).toEqual([]);
  });
});
