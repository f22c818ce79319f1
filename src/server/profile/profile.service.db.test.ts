import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileRow } from "#tests/support/db-users";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { createProfile } from "./profile.service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function codeOf(user: TestUser): Promise<string> {
  const res = await ctx.api(user).me.$get();
  const { profile } = await res.json();
  if (!profile) throw new Error("the user has no profile");
  return profile.referralCode;
}

async function userIdOf(email: string): Promise<string> {
  const row = await ctx.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function referralState(userId: string) {
  const profile = await ctx.db
    .selectFrom("user_profiles")
    .select(["referred_by", "points"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const rows = await ctx.db
    .selectFrom("referrals")
    .select(["referrer_id", "referred_id"])
    .where("referred_id", "=", userId)
    .execute();
  return { referredBy: profile.referred_by, points: profile.points, rows };
}

describe("referral code at sign-up", () => {
  it("a valid code, in any case and with spaces, sets referred_by and one referrals row", async () => {
    const referrer = await ctx.createVerifiedUser();
    const code = await codeOf(referrer);
    const email = uniqueEmail("friend");
    const messy = ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4)}  `;

    const res = await ctx.signUp(email, "secret1", { referralCode: messy });
    expect(res.status).toBe(200);
    expect((await res.json()).referral).toBe("applied");

    const id = await userIdOf(email);
    expect(await referralState(id)).toEqual({
      referredBy: referrer.id,
      points: 0,
      rows: [{ referrer_id: referrer.id, referred_id: id }],
    });
  });

  it("an unknown code does not block sign-up and the response says it was invalid", async () => {
    const email = uniqueEmail("unknown-code");
    const res = await ctx.signUp(email, "secret1", { referralCode: "ZZZZ9999" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.referral).toBe("invalid");
    expect(body.user.email).toBe(email);
    expect(await referralState(await userIdOf(email))).toEqual({ referredBy: null, points: 0, rows: [] });
    expect(await ctx.verifyEmail(email)).toMatch(/verified=1$/);
  });

  it("no code, null or blanks mean no referral", async () => {
    for (const referralCode of [undefined, null, "", "   "]) {
      const email = uniqueEmail("no-code");
      const res = await ctx.signUp(email, "secret1", { referralCode });
      expect((await res.json()).referral).toBe("none");
      expect((await referralState(await userIdOf(email))).rows).toEqual([]);
    }
  });

  it("a referral code that is not a string is refused with 422 and creates nothing", async () => {
    const email = uniqueEmail("bad-code");
    const res = await ctx.request("/api/auth/sign-up/email", {
      json: { email, password: "secret1", referralCode: 12345678 },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe("VALIDATION_FAILED");
    expect(await ctx.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("signing up again (own code or another) never adds a second referral", async () => {
    const first = await ctx.createVerifiedUser();
    const second = await ctx.createVerifiedUser();
    const friend = await ctx.createVerifiedUser({ referralCode: await codeOf(first) });
    const before = await referralState(friend.id);
    expect(before.rows).toHaveLength(1);

    for (const code of [await codeOf(second), await codeOf(friend)]) {
      const res = await ctx.signUp(friend.email, "another-password", { referralCode: code });
      expect(res.status).toBe(200);
    }
    expect(await referralState(friend.id)).toEqual(before);

    // The referrer re-registering with its own code is not referred by itself.
    await ctx.signUp(first.email, "another-password", { referralCode: await codeOf(first) });
    expect(await referralState(first.id)).toEqual({ referredBy: null, points: 0, rows: [] });
  });

  it("createProfile run twice for one user keeps the first profile and adds no referral", async () => {
    const referrer = await ctx.createVerifiedUser();
    const user = await ctx.createVerifiedUser();
    const code = await codeOf(user);
    const outcome = await createProfile(ctx.db, { userId: user.id, referralCode: await codeOf(referrer) });
    expect(outcome).toBe("applied");
    expect(await codeOf(user)).toBe(code);
    expect(await referralState(user.id)).toEqual({ referredBy: null, points: 0, rows: [] });
  });

  it("the database refuses a second referrals row and a self-referral", async () => {
    const a = await ctx.createVerifiedUser();
    const b = await ctx.createVerifiedUser({ referralCode: await codeOf(a) });
    await expect(
      ctx.db.insertInto("referrals").values({ referrer_id: a.id, referred_id: b.id }).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await expect(
      ctx.db.insertInto("referrals").values({ referrer_id: a.id, referred_id: a.id }).execute(),
    ).rejects.toThrow(/check/i);
  });
});

describe("referral codes of new profiles", () => {
  it("retries with a new code when the generated one is taken", async () => {
    const taken = await codeOf(await ctx.createVerifiedUser());
    const user = await ctx.db
      .insertInto("user")
      .values({ id: "collision-user", name: "", email: uniqueEmail("collide"), emailVerified: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    const codes = [taken, "HJKMNPQR"];
    await createProfile(ctx.db, { userId: user.id, referralCode: null }, () => codes.shift() ?? "");
    expect((await profileRow(ctx.db, user.id)).referral_code).toBe("HJKMNPQR");
  });

  it("are unique and follow the format for every user", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => ctx.createVerifiedUser()));
    const codes = await Promise.all(users.map(codeOf));
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });
});
