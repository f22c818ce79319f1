import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { AppDeps } from "../app-deps";
import { signInLockedMail } from "../mail/templates";
import { accountKnowingDevice, rememberDevice } from "./device";

/**
 * Sign-in limited per account as well as per IP (docs/product.md, "Accounts and devices"; ADR 058). Every attempt
 * on an account counts in a fixed window of SIGN_IN_LOCK_MINUTES, shared by every IP and, with REDIS_URL, by every
 * process; past SIGN_IN_ACCOUNT_LIMIT attempts the account answers 429 SIGN_IN_LOCKED to browsers that have not
 * signed in to it before, until the window ends. A browser that has (its device id is in user_devices) counts in
 * a window of its own instead, so an attacker cannot lock the owner out of their usual browser. At the first
 * refusal the owner is mailed (at most once an hour) a link that lifts the lock and lets the browser that opens
 * it sign in. A successful sign-in starts the account's count afresh.
 */

/** How long an unlock link works. */
const UNLOCK_TTL_S = 60 * 60;
export const UNLOCK_PATH = "/api/auth/unlock-sign-in";

type LockDeps = Pick<AppDeps, "env" | "db" | "rateLimitStore" | "mailOutbox">;

/** The lock counts the address as better-auth looks it up: trimmed, any case. */
const accountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;

export function createSignInLock({ env, db, rateLimitStore: store, mailOutbox }: LockDeps) {
  const secret = env.authSecret;
  if (!secret) throw new Error("createSignInLock needs AUTH_SECRET (or the generated one)");
  const tokenKey = Buffer.from(hkdfSync("sha256", secret, "", "ple sign-in unlock link", 32));
  const windowMs = env.signInLockMinutes * 60_000;
  const sign = (payload: string) => createHmac("sha256", tokenKey).update(payload).digest("base64url");

  /** A link for `userId` that works for an hour: `<user id, base64url>.<expiry s>.<HMAC>`. */
  function unlockToken(userId: string, now = Date.now()): string {
    const payload = `${Buffer.from(userId, "utf8").toString("base64url")}.${Math.floor(now / 1000) + UNLOCK_TTL_S}`;
    return `${payload}.${sign(payload)}`;
  }

  /** The user id of a valid, unexpired unlock token; else undefined. */
  function readUnlockToken(token: string, now = Date.now()): string | undefined {
    const parts = token.split(".");
    if (parts.length !== 3) return undefined;
    const [user = "", expiry = "", mac = ""] = parts;
    const expected = Buffer.from(sign(`${user}.${expiry}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (!/^\d+$/.test(expiry) || Number(expiry) * 1000 < now) return undefined;
    return Buffer.from(user, "base64url").toString("utf8") || undefined;
  }

  /** Mails the owner of `email` (if there is one) the unlock link, once per account and clock hour. */
  async function tellOwner(email: string): Promise<void> {
    const user = await db
      .selectFrom("user")
      .select(["id", "email"])
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) return;
    const hour = Math.floor(Date.now() / 3_600_000);
    await mailOutbox.enqueue(
      signInLockedMail(user.email, {
        attempts: env.signInAccountLimit,
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
    ): Promise<{ retryAfter: number; code: "SIGN_IN_LOCKED" | "RATE_LIMITED" } | undefined> {
      const known = deviceId
        ? await accountKnowingDevice(db, email.trim().toLowerCase(), deviceId)
        : undefined;
      const key = known ? `sign-in:device:${deviceId}:${known}` : accountKey(email);
      const { count, resetAt } = await store.hit(key, windowMs);
      if (count <= env.signInAccountLimit) return undefined;
      if (!known && count === env.signInAccountLimit + 1) await tellOwner(email);
      const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      return { retryAfter, code: known ? "RATE_LIMITED" : "SIGN_IN_LOCKED" };
    },
    /** A sign-in with the right password: the account's count starts afresh and the browser is remembered. */
    async succeeded(email: string, userId: string, deviceId: string): Promise<void> {
      await store.reset(accountKey(email));
      await rememberDevice(db, userId, deviceId);
    },
    /**
     * Follows an unlock link: lifts the account's lock and remembers the browser that opened it. False for a
     * forged, expired or unknown-account token.
     */
    async unlock(token: string, deviceId: string): Promise<boolean> {
      const userId = readUnlockToken(token);
      if (!userId) return false;
      const user = await db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
      if (!user) return false;
      await store.reset(accountKey(user.email));
      await rememberDevice(db, userId, deviceId);
      return true;
    },
  };
}

export type SignInLock = ReturnType<typeof createSignInLock>;
