import { maskEmail } from "~/core/coins";
import type { Database } from "../db/client";
import { describeDevice } from "../http/user-agent";
import { iso } from "./export-stream";
import { balanceSnapshot } from "./ledger-export";

/** The data download's account sections (export.service.ts): the user, the profile, devices and sessions. */

/** The user and profile sections, the balance's snapshot (the ledger section reads up to it) and the sign-up device. */
export async function accountOf(db: Database, userId: string) {
  const [user, profile, snapshot] = await Promise.all([
    db
      .selectFrom("user")
      .select(["id", "email", "emailVerified", "createdAt", "role", "banned", "banReason", "banExpires"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("user_profiles")
      .leftJoin("user as referrer", "referrer.id", "user_profiles.referred_by")
      .select([
        "user_profiles.referral_code",
        "user_profiles.signup_ip",
        "user_profiles.signup_device",
        "user_profiles.created_at",
        "user_profiles.pending_points",
        "referrer.email as referrerEmail",
      ])
      .where("user_profiles.id", "=", userId)
      .executeTakeFirst(),
    balanceSnapshot(db, userId),
  ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: iso(user.createdAt),
      role: user.role ?? "user",
      suspended: user.banned === true,
      suspensionReason: user.banReason,
      suspendedUntil: iso(user.banExpires),
    },
    profile: {
      balance: snapshot.balance,
      pending: profile?.pending_points ?? 0,
      referralCode: profile?.referral_code ?? null,
      referredBy: profile?.referrerEmail ? maskEmail(profile.referrerEmail) : null,
      signUpIp: profile?.signup_ip ?? null,
      createdAt: iso(profile?.created_at ?? null),
    },
    snapshot,
    signupDevice: profile?.signup_device ?? null,
  };
}

/**
 * Browsers that signed in with the right password, described and dated. Never their device id: it is what
 * exempts a browser from the sign-in lock, so a copy of this file must not hand it out (ADR 064).
 */
export async function devicesOf(db: Database, userId: string, signupDevice: string | null) {
  const devices = await db
    .selectFrom("user_devices")
    .select(["device_id", "user_agent", "first_seen_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .orderBy("first_seen_at")
    .execute();
  return devices.map((d) => ({
    browser: describeDevice(d.user_agent),
    signedUpWith: d.device_id === signupDevice,
    firstSeenAt: iso(d.first_seen_at),
    lastSeenAt: iso(d.last_seen_at),
  }));
}

/** The user's sessions, oldest first. */
export async function sessionsOf(db: Database, userId: string) {
  const sessions = await db
    .selectFrom("session")
    .select(["createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
  return sessions.map((s) => ({
    device: describeDevice(s.userAgent),
    userAgent: s.userAgent,
    ipAddress: s.ipAddress,
    createdAt: iso(s.createdAt),
    lastActiveAt: iso(s.updatedAt),
    expiresAt: iso(s.expiresAt),
  }));
}
