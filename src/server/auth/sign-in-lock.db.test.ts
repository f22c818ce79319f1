import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, linkIn, uniqueEmail } from "#tests/support/factories";
import { connectTestRedis, dropTestKeys, redisUrlForTests, requireRedisUnderCi } from "#tests/support/redis";
import { createTestContext, nextIp, type TestContext } from "#tests/support/test-app";
import { createMemoryRateLimitStore } from "../http/rate-limit";
import { createLogger } from "../logger";
import { openRedis } from "../redis/client";
import { createRedisRateLimitStore } from "../redis/redis-rate-limit-store";
import { DEVICE_COOKIE } from "./device";

/**
 * Sign-in limited per account as well as per IP (docs/product.md, "Accounts and devices"): SIGN_IN_ACCOUNT_LIMIT = 5
 * attempts per account in SIGN_IN_LOCK_MINUTES from browsers that never signed in to it; behind a proxy
 * (TRUST_PROXY) each attempt comes from another client address, so the per-IP limit never applies.
 */
const LIMIT = 5;
const LOCKED_SUBJECT = /repeated sign-in attempts/;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: "true", SIGN_IN_ACCOUNT_LIMIT: String(LIMIT) });
});
afterAll(async () => ctx?.close());

/** A sign-in through the proxy from client address `clientIp`, as the browser holding `cookie` (if any). */
const signInFrom = (t: TestContext, email: string, password: string, clientIp: string, cookie?: string) =>
  t.request("/api/auth/sign-in/email", {
    json: { email, password },
    ip: "127.0.0.9",
    headers: { "x-forwarded-for": clientIp },
    ...(cookie ? { cookie } : {}),
  });

/** The `ple_device=…` pair a response sets, as a Cookie header value. */
function deviceCookie(res: Response): string {
  const pair = cookieFrom(res)
    .split("; ")
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!pair) throw new Error("no device cookie set");
  return pair;
}

const lockMails = async (t: TestContext, email: string) =>
  (await t.mailTo(email)).filter((m) => LOCKED_SUBJECT.test(m.subject));

/** An account, and the device cookie of the browser its owner signed in with. */
async function owner(t: TestContext) {
  const user = await t.createVerifiedUser();
  const res = await signInFrom(t, user.email, user.password, nextIp());
  expect(res.status).toBe(200);
  return { ...user, device: deviceCookie(res) };
}

describe("10 wrong passwords for one account from 10 IPs", () => {
  it("the 6th and later are refused with 429 SIGN_IN_LOCKED, and the owner is mailed once", async () => {
    const user = await owner(ctx);
    const answers: Response[] = [];
    for (let i = 1; i <= 10; i++)
      answers.push(await signInFrom(ctx, user.email, `wrong-password-${i}`, `198.51.100.${i}`));
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    const last = answers[9];
    if (!last) throw new Error("no 10th answer");
    expect((await last.json()).error.code).toBe("SIGN_IN_LOCKED");
    const retryAfter = Number(last.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const mails = await lockMails(ctx, user.email);
    expect(mails).toHaveLength(1);
    // The count is the attempts the window saw (the sixth tripped the lock), with the last one's address.
    expect(mails[0]?.text).toContain("tried 6 times in a row");
    expect(mails[0]?.text).toContain("address 198.51.100.6");

    // The right password from a browser that never signed in to the account waits too …
    expect((await signInFrom(ctx, user.email, user.password, nextIp())).status).toBe(429);
    // … while the owner's browser signs in at once, and its success lifts the account's lock.
    const own = await signInFrom(ctx, user.email, user.password, nextIp(), user.device);
    expect(own.status).toBe(200);
    expect((await signInFrom(ctx, user.email, user.password, nextIp())).status).toBe(200);
  });

  it("a URL sent as the user agent never reaches the lock mail: only the server's own links are in it", async () => {
    const user = await owner(ctx);
    const evil = "https://secure-unlock.evil.example/acct?id=verify-now";
    for (let i = 1; i <= 6; i++)
      await ctx.request("/api/auth/sign-in/email", {
        json: { email: user.email, password: `wrong-password-${i}` },
        ip: "127.0.0.9",
        headers: { "x-forwarded-for": `198.51.100.${20 + i}`, "user-agent": evil },
      });
    const [mail] = await lockMails(ctx, user.email);
    if (!mail) throw new Error("no lock mail");
    expect(`${mail.text}\n${mail.html}`).not.toMatch(/evil|secure-unlock|verify-now/);
    for (const link of mail.text.match(/https?:\/\/\S+/g) ?? [])
      expect(link.startsWith(ctx.env.appUrl)).toBe(true);
  });

  it("the owner's browser has a budget of its own: its 6th wrong password in the window is 429 too", async () => {
    const user = await owner(ctx);
    for (let i = 1; i <= LIMIT; i++)
      expect((await signInFrom(ctx, user.email, "wrong", nextIp(), user.device)).status).toBe(401);
    const sixth = await signInFrom(ctx, user.email, user.password, nextIp(), user.device);
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error.code).toBe("RATE_LIMITED");
    // Its mistakes did not lock the account for other browsers, and mailed nobody.
    expect((await signInFrom(ctx, user.email, user.password, nextIp())).status).toBe(200);
    expect(await lockMails(ctx, user.email)).toHaveLength(0);
  });

  it("an unknown address is refused the same way (no enumeration), and no mail goes out", async () => {
    const email = uniqueEmail("nobody");
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) statuses.push((await signInFrom(ctx, email, "wrong", nextIp())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(await ctx.mailTo(email)).toHaveLength(0);
  });

  it("counts the address in any case and with spaces as one account", async () => {
    const user = await owner(ctx);
    const spellings = [user.email.toUpperCase(), ` ${user.email}`, user.email];
    for (let i = 0; i < LIMIT; i++)
      expect((await signInFrom(ctx, spellings[i % 3] ?? "", "wrong", nextIp())).status).toBe(401);
    expect((await signInFrom(ctx, user.email.toUpperCase(), user.password, nextIp())).status).toBe(429);
  });
});

describe("the lock is short", () => {
  it("SIGN_IN_LOCK_MINUTES after the first counted attempt, any browser signs in again", async () => {
    let now = Date.now();
    const clocked = await createTestContext(
      { TRUST_PROXY: "true", SIGN_IN_ACCOUNT_LIMIT: String(LIMIT), SIGN_IN_LOCK_MINUTES: "15" },
      { rateLimitStore: createMemoryRateLimitStore(() => now) },
    );
    try {
      const user = await clocked.createVerifiedUser();
      for (let i = 1; i <= LIMIT; i++)
        expect((await signInFrom(clocked, user.email, "wrong", nextIp())).status).toBe(401);
      now += 14 * 60_000;
      expect((await signInFrom(clocked, user.email, user.password, nextIp())).status).toBe(429);
      now += 60_000;
      expect((await signInFrom(clocked, user.email, user.password, nextIp())).status).toBe(200);
    } finally {
      await clocked.close();
    }
  });
});

describe("the unlock link of the mail", () => {
  it("lifts the lock and lets the browser that opens it sign in with the right password", async () => {
    const user = await ctx.createVerifiedUser();
    for (let i = 1; i <= LIMIT + 1; i++) await signInFrom(ctx, user.email, "wrong", nextIp());
    const [mail] = await lockMails(ctx, user.email);
    if (!mail) throw new Error("no lock mail");
    const link = linkIn(mail, "/api/auth/unlock-sign-in");

    // A fresh browser (a phone reading the mail) opens the link: it gets a device id and the redirect.
    const opened = await ctx.request(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?unlocked=1`);
    const browser = deviceCookie(opened);

    // The attacker locks the account again at once; the browser that opened the link still signs in.
    for (let i = 1; i <= LIMIT + 1; i++) await signInFrom(ctx, user.email, "wrong", nextIp());
    expect((await signInFrom(ctx, user.email, user.password, nextIp())).status).toBe(429);
    expect((await signInFrom(ctx, user.email, user.password, nextIp(), browser)).status).toBe(200);
  });

  it("a forged, altered or garbage token lifts nothing", async () => {
    const user = await ctx.createVerifiedUser();
    for (let i = 1; i <= LIMIT + 1; i++) await signInFrom(ctx, user.email, "wrong", nextIp());
    const [mail] = await lockMails(ctx, user.email);
    if (!mail) throw new Error("no lock mail");
    const token = linkIn(mail, "/api/auth/unlock-sign-in").searchParams.get("token") ?? "";
    const [userPart, expiry, mac] = token.split(".");
    const altered = [
      `${userPart}.${Number(expiry) + 3600}.${mac}`,
      `${userPart}.${expiry}.${mac?.slice(0, -2)}AA`,
      "garbage",
      "",
      "x".repeat(600),
    ];
    for (const t of altered) {
      const res = await ctx.request(`/api/auth/unlock-sign-in?token=${encodeURIComponent(t)}`);
      expect(res.headers.get("location"), t).toBe(`${ctx.env.appUrl}/auth?unlockError=INVALID_TOKEN`);
    }
    expect((await signInFrom(ctx, user.email, user.password, nextIp())).status).toBe(429);
  });

  it("is limited per IP like a reset token: the 6th guess in a minute is 429", async () => {
    const from = { ip: "127.0.0.9", headers: { "x-forwarded-for": "198.51.100.200" } };
    for (let i = 1; i <= 5; i++) {
      const res = await ctx.request(`/api/auth/unlock-sign-in?token=guess-${i}`, from);
      expect(res.status, `guess ${i}`).toBe(302);
    }
    const sixth = await ctx.request("/api/auth/unlock-sign-in?token=guess-6", from);
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error.code).toBe("RATE_LIMITED");
  });

  it("an expired link lifts nothing", async () => {
    const user = await ctx.createVerifiedUser();
    for (let i = 1; i <= LIMIT + 1; i++) await signInFrom(ctx, user.email, "wrong", nextIp());
    const { createSignInLock } = await import("./sign-in-lock");
    const lock = createSignInLock(ctx.deps);
    const stale = lock.unlockToken(user.id, Date.now() - 2 * 60 * 60 * 1000);
    const res = await ctx.request(`/api/auth/unlock-sign-in?token=${encodeURIComponent(stale)}`);
    expect(res.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?unlockError=INVALID_TOKEN`);
    const fresh = lock.unlockToken(user.id);
    const ok = await ctx.request(`/api/auth/unlock-sign-in?token=${encodeURIComponent(fresh)}`);
    expect(ok.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?unlocked=1`);
    expect((await signInFrom(ctx, user.email, user.password, nextIp())).status).toBe(200);
  });
});

describe("the device cookie", () => {
  it("is first-party and httpOnly, set at sign-up and kept at sign-in", async () => {
    const email = uniqueEmail("device");
    const signUp = await ctx.request("/api/auth/sign-up/email", { json: { email, password: "pw-device-1" } });
    expect(signUp.status).toBe(200);
    const header = signUp.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`)) ?? "";
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    const device = deviceCookie(signUp);
    await ctx.verifyEmail(email);
    const signIn = await signInFrom(ctx, email, "pw-device-1", nextIp(), device);
    expect(signIn.status).toBe(200);
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
    const profile = await ctx.db
      .selectFrom("user_profiles")
      .innerJoin("user", "user.id", "user_profiles.id")
      .select("signup_device")
      .where("user.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(`${DEVICE_COOKIE}=${profile.signup_device}`).toBe(device);
  });
});

requireRedisUnderCi("sign-in lock with Redis");

describe.skipIf(!redisUrlForTests)("with REDIS_URL: two processes share the account's count", () => {
  const prefix = `ple-test:${randomUUID().slice(0, 8)}:`;
  let admin: Redis;
  let redis: Redis;
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    admin = await connectTestRedis();
    redis = await openRedis(
      { redisUrl: redisUrlForTests, redisPrefix: prefix },
      createLogger({ logLevel: "silent" }),
    );
    // As main.ts does with REDIS_URL: the counters in Redis.
    const deps = () => ({ rateLimitStore: createRedisRateLimitStore(redis) });
    const env = { TRUST_PROXY: "true", SIGN_IN_ACCOUNT_LIMIT: String(LIMIT) };
    a = await createTestContext(env, deps());
    // The second "process": its own app and deps, on the same database and Redis.
    b = await createTestContext(env, deps(), { db: a.db, kind: a.kind, close: async () => {} });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.quit();
    await dropTestKeys(admin, prefix);
  });

  it("attempts spread over both are refused from the 6th on", async () => {
    const user = await a.createVerifiedUser();
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++)
      statuses.push((await signInFrom(i % 2 ? a : b, user.email, "wrong", nextIp())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(await admin.keys(`${prefix}rl:sign-in:account:*`)).not.toHaveLength(0);
  });
});

describe("the lock is the owner's friend", () => {
  it("an unlock link works once: the second use is refused and remembers no browser", async () => {
    const user = await ctx.createVerifiedUser();
    for (let i = 1; i <= LIMIT + 1; i++) await signInFrom(ctx, user.email, "wrong", nextIp());
    const [mail] = await lockMails(ctx, user.email);
    if (!mail) throw new Error("no lock mail");
    const link = linkIn(mail, "/api/auth/unlock-sign-in");
    const first = await ctx.request(`${link.pathname}${link.search}`);
    expect(first.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?unlocked=1`);

    // The attacker locks the account again; a second browser opening the same link gets nothing.
    for (let i = 1; i <= LIMIT + 1; i++) await signInFrom(ctx, user.email, "wrong", nextIp());
    const second = await ctx.request(`${link.pathname}${link.search}`);
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?unlockError=USED_TOKEN`);
    const devices = await ctx.db
      .selectFrom("user_devices")
      .select("device_id")
      .where("user_id", "=", user.id)
      .execute();
    expect(devices.map((d) => `${DEVICE_COOKIE}=${d.device_id}`)).not.toContain(deviceCookie(second));
    expect((await signInFrom(ctx, user.email, user.password, nextIp(), deviceCookie(second))).status).toBe(
      429,
    );
  });

  it("of ten browsers opening one link at the same moment, one is let in", async () => {
    const user = await ctx.createVerifiedUser();
    const known = () =>
      ctx.db.selectFrom("user_devices").select("device_id").where("user_id", "=", user.id).execute();
    const before = (await known()).length;
    for (let i = 1; i <= LIMIT + 1; i++) await signInFrom(ctx, user.email, "wrong", nextIp());
    const [mail] = await lockMails(ctx, user.email);
    if (!mail) throw new Error("no lock mail");
    const link = linkIn(mail, "/api/auth/unlock-sign-in");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.request(`${link.pathname}${link.search}`, {
          ip: "127.0.0.9",
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        }),
      ),
    );
    const targets = answers.map((r) => r.headers.get("location")?.replace(ctx.env.appUrl, ""));
    expect(targets.filter((t) => t === "/auth?unlocked=1")).toHaveLength(1);
    expect(targets.filter((t) => t === "/auth?unlockError=USED_TOKEN")).toHaveLength(9);
    expect(await known()).toHaveLength(before + 1);
  });

  it("successful sign-ins never count against the owner's browser: the sixth in the window → 200", async () => {
    const user = await owner(ctx);
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 3; i++)
      statuses.push((await signInFrom(ctx, user.email, user.password, nextIp(), user.device)).status);
    expect(statuses).toEqual(Array(LIMIT + 3).fill(200));
    // Its wrong passwords still count: five more in the window and the browser waits.
    for (let i = 1; i <= LIMIT; i++)
      expect((await signInFrom(ctx, user.email, "wrong", nextIp(), user.device)).status).toBe(401);
    expect((await signInFrom(ctx, user.email, user.password, nextIp(), user.device)).status).toBe(429);
  });
});
