import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { signJWT } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, uniqueEmail } from "../../../tests/support/factories";
import { createTestContext, nextIp, type TestContext } from "../../../tests/support/test-app";
import { resolveAuthSecret } from "./auth-secret";

const COMMON = {
  code: "PASSWORD_TOO_COMMON",
  message: "This password is too common. Please choose one that is harder to guess.",
};

let ctx: TestContext;
let dataDir: string;
let secret: string;
beforeAll(async () => {
  // As `npm start` without AUTH_SECRET: the secret main.ts generates under a fresh DATA_DIR.
  dataDir = await mkdtemp(path.join(tmpdir(), "ple-secret-"));
  secret = await resolveAuthSecret({ authSecret: undefined, dataDir, nodeEnv: "development" }, { warn() {} });
  ctx = await createTestContext({ NODE_ENV: "development", AUTH_SECRET: secret });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the generated secret", () => {
  /** Constants that ever stood in for a secret: our old development default and better-auth's own fallback. */
  const constants = [
    "dev-only-secret-do-not-use-in-production-0123456789",
    "better-auth-secret-12345678901234567890",
  ];

  const confirmWith = async (email: string, key: string) => {
    const user = await ctx.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const token = await signJWT({ email, userId: user.id }, key, 3600);
    const res = await ctx.request(`/api/auth/verify-email?token=${token}&callbackURL=%2Fauth`);
    return res.headers.get("location");
  };
  const isVerified = async (email: string) =>
    (
      await ctx.db
        .selectFrom("user")
        .select("emailVerified")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).emailVerified;

  it("refuses a confirmation token signed with any constant from the source; accepts its own", async () => {
    const email = uniqueEmail("forged");
    expect((await ctx.signUp(email, "pw-forged-1")).status).toBe(200);
    for (const key of constants) {
      expect(await confirmWith(email, key)).toBe(`${ctx.env.appUrl}/auth?verifyError=INVALID_TOKEN`);
      expect(await isVerified(email)).toBe(false);
    }
    expect(await confirmWith(email, secret)).toBe(`${ctx.env.appUrl}/auth?verified=1`);
    expect(await isVerified(email)).toBe(true);
  });
});

describe("credential checks are rate-limited like sign-in (AUTH_RATE_LIMIT = 5 a minute)", () => {
  it("the 6th wrong verify-password of a user in a minute is 429, from any address", async () => {
    const user = await ctx.createVerifiedUser();
    for (let i = 1; i <= 5; i++) {
      const res = await ctx.request("/api/auth/verify-password", {
        json: { password: `wrong-${i}` },
        cookie: user.cookie,
      });
      expect(res.status, `attempt ${i}`).toBe(400);
    }
    const sixth = await ctx.request("/api/auth/verify-password", {
      json: { password: user.password },
      cookie: user.cookie,
    });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await sixth.json()).error.code).toBe("RATE_LIMITED");
  });

  it("verify-password and change-password share the limit of one address across users", async () => {
    const ip = nextIp();
    for (let i = 1; i <= 5; i++) {
      const user = await ctx.createVerifiedUser();
      const path = i % 2 ? "/api/auth/verify-password" : "/api/auth/change-password";
      const res = await ctx.request(path, {
        json: { password: "wrong", currentPassword: "wrong", newPassword: "pw-new-password-1" },
        cookie: user.cookie,
        ip,
      });
      expect(res.status, `attempt ${i}`).toBe(400);
    }
    const user = await ctx.createVerifiedUser();
    const sixth = await ctx.request("/api/auth/change-password", {
      json: { currentPassword: user.password, newPassword: "pw-new-password-1" },
      cookie: user.cookie,
      ip,
    });
    expect(sixth.status).toBe(429);
  });

  it("reset-password (a token check) is limited per address too", async () => {
    const ip = nextIp();
    for (let i = 1; i <= 5; i++) {
      const res = await ctx.request("/api/auth/reset-password", {
        json: { token: `guess-${i}`, newPassword: "pw-new-password-1" },
        ip,
      });
      expect(res.status, `attempt ${i}`).toBe(400);
    }
    const sixth = await ctx.request("/api/auth/reset-password", {
      json: { token: "guess-6", newPassword: "pw-new-password-1" },
      ip,
    });
    expect(sixth.status).toBe(429);
  });
});

describe("changing the password", () => {
  it("ends every other session of the user, even when the client asks to keep them", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.signIn(user.email, user.password);
    expect((await ctx.request("/api/me", { cookie: other })).status).toBe(200);

    const res = await ctx.request("/api/auth/change-password", {
      json: { currentPassword: user.password, newPassword: "pw-changed-1", revokeOtherSessions: false },
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);

    expect((await ctx.request("/api/me", { cookie: other })).status).toBe(401);
    // The session that changed it goes on with the cookie it was just given.
    expect((await ctx.request("/api/me", { cookie: cookieFrom(res) })).status).toBe(200);
    expect((await ctx.signIn(user.email, "pw-changed-1")).length).toBeGreaterThan(0);
  });
});

describe("common passwords", () => {
  it("sign-up refuses 123456, aaaaaa and six spaces with the message; no account is created", async () => {
    for (const password of ["123456", "aaaaaa", "      ", "password"]) {
      const email = uniqueEmail("common");
      const res = await ctx.signUp(email, password);
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(await res.json()).toEqual({ error: COMMON });
      expect(
        await ctx.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst(),
      ).toBeUndefined();
    }
  });

  it("keeps the 6-character minimum as it was: a short password is 'too short', not 'too common'", async () => {
    const res = await ctx.signUp(uniqueEmail("short"), "12345");
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("PASSWORD_TOO_SHORT");
  });

  it("change-password and reset-password refuse them too", async () => {
    const user = await ctx.createVerifiedUser();
    const change = await ctx.request("/api/auth/change-password", {
      json: { currentPassword: user.password, newPassword: "123456" },
      cookie: user.cookie,
    });
    expect(change.status).toBe(400);
    expect(await change.json()).toEqual({ error: COMMON });
    expect((await ctx.signIn(user.email, user.password)).length).toBeGreaterThan(0);

    const reset = await ctx.request("/api/auth/reset-password", {
      json: { token: "any", newPassword: "qwerty" },
    });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toEqual({ error: COMMON });
  });
});

describe("what the app does not use", () => {
  it("update-user is switched off: nothing stores a name or an image", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await ctx.request("/api/auth/update-user", {
      json: { name: "<script>alert(1)</script>", image: "https://evil.example/x.png" },
      cookie: user.cookie,
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("NOT_FOUND");
    const row = await ctx.db
      .selectFrom("user")
      .select(["name", "image"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "", image: null });
  });
});

describe("sign-up timing", () => {
  const timed = async (email: string) => {
    const started = performance.now();
    const res = await ctx.signUp(email, "pw-timing-1");
    expect(res.status).toBe(200);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  it("an existing address answers no sooner than a new one (nothing to tell them apart by)", async () => {
    const existing = uniqueEmail("taken");
    await timed(existing);
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < 7; i++) {
      fresh.push(await timed(uniqueEmail("fresh")));
      taken.push(await timed(existing));
    }
    // Writing a user, an account and a profile takes several times what looking one up does; the existing
    // address waits as long as a creation typically takes.
    expect(median(taken)).toBeGreaterThanOrEqual(median(fresh) * 0.8);
  });
});
