import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { AppDeps } from "../app-deps";
import { describeDevice } from "../http/user-agent";
import { signInLockedMail } from "../mail/security-templates";
import { accountKnowingDevice, rememberDevice } from "./device";

/**
 * Sign-in limited per account as well as per IP (docs/product.md, "Accounts and devices"; ADR 058). Every attempt
 * on an account counts in a fixed window of SIGN_IN_LOCK_MINUTES, shared by every IP and, with REDIS_URL, by every
 * process; past SIGN_IN_ACCOUNT_LIMIT attempts the account answers 429 SIGN_IN_LOCKED to browsers that have not
 * signed in to it before, until the window ends. A browser that has (its device id is in user_devices) counts in
 * a window of its own instead, so an attacker cannot lock the owner out of their usual browser. At the first
 * refusal the owner is mailed (at most once an hour) a link that lifts the lock and lets the browser that opens
 * it sign in; the link works once (sign_in_unlocks). A successful sign-in starts the account's count afresh and
 * is not counted against the browser it came from, so the owner's own browser is never refused for signing in.
 *
 * Where the counts live: the RateLimitStore — Redis with REDIS_URL (shared by every process), else this process's
 * memory. A Redis restart (or flush) forgets every window: locks are lifted and each account and known browser
 * may be tried SIGN_IN_ACCOUNT_LIMIT times again. The used unlock links live in the database and survive it.
 */

/** How long an unlock link works. */
const UNLOCK_TTL_S = 60 * 60;
export const UNLOCK_PATH = "/api/auth/unlock-sign-in";

/** Where a sign-in attempt came from: its address and its browser's user agent. */
export interface AttemptFrom {
  ip: string;
  userAgent: string | undefined;
}

type LockDeps = Pick<AppDeps, "env" | "db" | "rateLimitStore" | "mailOutbox">;

/** The lock counts the address as better-auth looks it up: trimmed, any case. */
const accountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;
/** A known browser's own window on the account it knows. */
const deviceKey = (deviceId: string, userId: string) => `sign-in:device:${deviceId}:${userId}`;

/** What following an unlock link did: lifted the lock, nothing (already used), or nothing (invalid). */
export type UnlockOutcome = "unlocked" | "USED_TOKEN" | "INVALID_TOKEN";

/** Makes and reads unlock links, signed with a key derived from the auth secret. */
function unlockTokens(secret: string) {
  const tokenKey = Buffer.from(hkdfSync("sha256", secret, "", "ple sign-in unlock link", 32));
  const sign = (payload: string) => createHmac("sha256", tokenKey).update(payload).digest("base64url");

  /** A link for `userId` that works for an hour: `<user id, base64url>.<expiry s>.<HMAC>`. */
  function unlockToken(userId: string, now = Date.now()): string {
    const payload = `${Buffer.from(userId, "utf8").toString("base64url")}.${Math.floor(now / 1000) + UNLOCK_TTL_S}`;
    return `${payload}.${sign(payload)}`;
  }

  /** The user id, expiry and MAC of a valid, unexpired unlock token; else undefined. */
  function readUnlockToken(
    token: string,
    now = Date.now(),
  ): { userId: string; expiresAt: Date; mac: string } | undefined {
    const parts = token.split(".");
    if (parts.length !== 3) return undefined;
    const [user = "", expiry = "", mac = ""] = parts;
    const expected = Buffer.from(sign(`${user}.${expiry}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (!/^\d+$/.test(expiry) || Number(expiry) * 1000 < now) return undefined;
    const userId = Buffer.from(user, "base64url").toString("utf8");
    return userId ? { userId, expiresAt: new Date(Number(expiry) * 1000), mac } : undefined;
  }

  return { unlockToken, readUnlockToken };
}

/**
 * Marks a valid unlock link used and remembers the browser, in one transaction: the old address of the account,
 * undefined for an unknown account, null when the link was followed before.
 */
async function spendUnlockLink(
  db: LockDeps["db"],
  read: { userId: string; expiresAt: Date; mac: string },
  deviceId: string,
  userAgent?: string | null,
): Promise<string | null | undefined> {
  return await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("user")
      .select("email")
      .where("id", "=", read.userId)
      .executeTakeFirst();
    if (!user) return undefined;
    await trx.deleteFrom("sign_in_unlocks").where("expires_at", "<", new Date()).execute();
    const used = await trx
      .insertInto("sign_in_unlocks")
      .values({ token_mac: read.mac, user_id: read.userId, expires_at: read.expiresAt })
      .onConflict((oc) => oc.column("token_mac").doNothing())
      .returning("token_mac")
      .executeTakeFirst();
    if (!used) return null;
    await rememberDevice(trx, read.userId, deviceId, userAgent);
    return user.email;
  });
}

export function createSignInLock({ env, db, rateLimitStore: store, mailOutbox }: LockDeps) {
  const secret = env.authSecret;
  if (!secret) throw new Error("createSignInLock needs AUTH_SECRET (or the generated one)");
  const { unlockToken, readUnlockToken } = unlockTokens(secret);
  const windowMs = env.signInLockMinutes * 60_000;

  /**
   * Mails the owner of `email` (if there is one) the unlock link, once per account and clock hour: how many
   * attempts the window counted, and the device and address of the one that tripped the lock.
   */
  async function tellOwner(email: string, attempts: number, from: AttemptFrom): Promise<void> {
    const user = await db
      .selectFrom("user")
      .select(["id", "email"])
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) return;
    const hour = Math.floor(Date.now() / 3_600_000);
    await mailOutbox.enqueue(
      signInLockedMail(user.email, {
        attempts,
        device: describeDevice(from.userAgent ?? null),
        address: from.ip,
        at: new Date(),
        minutes: env.signInLockMinutes,
        unlockUrl: `${env.appUrl}${UNLOCK_PATH}?token=${encodeURIComponent(unlockToken(user.id))}`,
        resetUrl: `${env.appUrl}/auth`,
      }),
      { dedupeKey: `sign-in-locked:${user.id}:${hour}` },
    );
  }

  return {
    unlockToken,
    /**
     * Counts one sign-in attempt on `email` from the browser `deviceId`. Refused: the seconds to wait and the
     * code (SIGN_IN_LOCKED for the account's lock, RATE_LIMITED for a known browser over its own budget); the
     * owner is mailed at the account's first refusal in a window. Else undefined.
     */
    async admit(
      email: string,
      deviceId: string | undefined,
      from: AttemptFrom,
    ): Promise<{ retryAfter: number; code: "SIGN_IN_LOCKED" | "RATE_LIMITED" } | undefined> {
      const known = deviceId
        ? await accountKnowingDevice(db, email.trim().toLowerCase(), deviceId)
        : undefined;
      const key = known && deviceId ? deviceKey(deviceId, known) : accountKey(email);
      const { count, resetAt } = await store.hit(key, windowMs);
      if (count <= env.signInAccountLimit) return undefined;
      if (!known && count === env.signInAccountLimit + 1) await tellOwner(email, count, from);
      const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      return { retryAfter, code: known ? "RATE_LIMITED" : "SIGN_IN_LOCKED" };
    },
    /**
     * A sign-in with the right password: the account's count starts afresh and the attempt is taken back from the
     * browser's own window (a success never counts against the owner's browser). The sign-in route remembers the
     * browser (security-mails.ts).
     */
    async succeeded(email: string, userId: string, deviceId: string): Promise<void> {
      await store.reset(accountKey(email));
      await store.reset(deviceKey(deviceId, userId));
    },
    /**
     * Follows an unlock link, once: lifts the account's lock and remembers the browser that opened it.
     * INVALID_TOKEN for a forged, expired or unknown-account token; USED_TOKEN when the link was followed before
     * (of two requests at the same moment one wins: the primary key of sign_in_unlocks).
     */
    async unlock(token: string, deviceId: string, userAgent?: string | null): Promise<UnlockOutcome> {
      const read = readUnlockToken(token);
      if (!read) return "INVALID_TOKEN";
      const email = await spendUnlockLink(db, read, deviceId, userAgent);
      if (email === undefined) return "INVALID_TOKEN";
      if (email === null) return "USED_TOKEN";
      await store.reset(accountKey(email));
      return "unlocked";
    },
  };
}

export type SignInLock = ReturnType<typeof createSignInLock>;
