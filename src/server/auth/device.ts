import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import { sql } from "kysely";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { AppBindings } from "../http/router";

/**
 * The browser's device id (docs/product.md, "Accounts and devices"): a random id in a first-party, httpOnly cookie,
 * set at sign-up and at a sign-in that finds none, and kept ever after. It is no credential: it only tells "a
 * browser that has signed in to this account before" (not held back by the account's sign-in lock) and "the
 * browser that made the referrer's account" (the referral review).
 */
export const DEVICE_COOKIE = "ple_device";
/** 400 days: the longest a browser keeps a cookie. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export const isDeviceId = (value: unknown): value is string =>
  typeof value === "string" && DEVICE_ID.test(value);

/** The request's device id, or undefined when it has none (or a malformed one). */
export function deviceIdOf(c: Context<AppBindings>): string | undefined {
  const value = getCookie(c, DEVICE_COOKIE);
  return isDeviceId(value) ? value : undefined;
}

/** The request's device id, or a new one with `isNew` (the answer must then set the cookie: withDeviceCookie). */
export function deviceOf(c: Context<AppBindings>): { id: string; isNew: boolean } {
  const id = deviceIdOf(c);
  return id ? { id, isNew: false } : { id: randomBytes(18).toString("base64url"), isNew: true };
}

/** `res` with the device cookie set, when the device is new; else `res` itself. */
export function withDeviceCookie(
  res: Response,
  device: { id: string; isNew: boolean },
  env: Pick<Env, "appUrl">,
): Response {
  if (!device.isNew) return res;
  const headers = new Headers(res.headers);
  headers.append(
    "set-cookie",
    generateCookie(DEVICE_COOKIE, device.id, {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: env.appUrl.startsWith("https:"),
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    }),
  );
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * Records that `deviceId` signed in to `userId` (with the right password, or through the unlock link), with the
 * browser's user agent (what the data download describes it by; its last one is kept). True when the account
 * had not seen this browser before (the new-browser mail, docs/product.md "Security mails"). `signedIn`: the
 * browser signed in now (password or confirmation link), not only made the account or opened an unlock link.
 */
export async function rememberDevice(
  db: Database,
  userId: string,
  deviceId: string,
  userAgent?: string | null,
  { signedIn = false }: { signedIn?: boolean } = {},
): Promise<boolean> {
  const agent = userAgent?.trim().slice(0, 512) || null;
  const now = new Date();
  const row = await db
    .insertInto("user_devices")
    .values({ user_id: userId, device_id: deviceId, user_agent: agent, signed_in_at: signedIn ? now : null })
    .onConflict((oc) =>
      oc.columns(["user_id", "device_id"]).doUpdateSet((eb) => ({
        last_seen_at: now,
        user_agent: agent ?? eb.ref("user_devices.user_agent"),
        signed_in_at: signedIn ? now : eb.ref("user_devices.signed_in_at"),
      })),
    )
    // xmax is 0 on a row this statement inserted, set on one it updated.
    .returning(sql<boolean>`(xmax = 0)`.as("inserted"))
    .executeTakeFirst();
  return row?.inserted === true;
}

/** The id of the account with address `email` when `deviceId` has signed in to it before; else undefined. */
export async function accountKnowingDevice(
  db: Database,
  email: string,
  deviceId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("user_devices as d")
    .innerJoin("user as u", "u.id", "d.user_id")
    .select("u.id")
    .where("u.email", "=", email)
    .where("d.device_id", "=", deviceId)
    .executeTakeFirst();
  return row?.id;
}

/** Whether any browser has signed in to `userId` (a first sign-in says "Welcome", a later one "Welcome back"). */
export async function hasSignedInBefore(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user_devices")
    .select("device_id")
    .where("user_id", "=", userId)
    .where("signed_in_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
