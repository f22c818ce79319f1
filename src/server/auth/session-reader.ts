import { createHmac, timingSafeEqual } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { parse } from "hono/utils/cookie";
import type { Database } from "../db/client";
import type { SessionUser } from "../http/router";
import type { Auth } from "./auth";
import { isBanned } from "./require-user";

/**
 * The token of a signed session cookie's value (`token.signature`, the signature being base64 HMAC-SHA256 of the
 * token under the auth secret: better-auth's format), or null when it is absent, malformed or not signed by us.
 */
export function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(signature, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

interface SessionRecord {
  expiresAt: Date;
  createdAt: Date;
  user: SessionUser & { banned?: boolean | null; banExpires?: Date | string | null };
}

/** The session record of a token and its user, as the database holds it (one statement). */
export async function findStoredSession(db: Database, token: string): Promise<SessionRecord | null> {
  const row = await db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select([
      "session.expiresAt",
      "session.createdAt",
      "user.id",
      "user.email",
      "user.emailVerified",
      "user.banned",
      "user.banExpires",
    ])
    .where("session.token", "=", token)
    .executeTakeFirst();
  if (!row) return null;
  const { expiresAt, createdAt, ...user } = row;
  return { expiresAt, createdAt, user };
}

export interface SignedIn {
  user: SessionUser;
  /** When the session was signed in (the admin console's fresh-session rule). */
  sessionCreatedAt: Date;
  /** A ban is in force (a ban deletes the sessions; this refuses one that slipped past it). */
  banned: boolean;
}

export interface SessionReader {
  /** The session of a request and its user, banned or not; null without a valid, live session record. */
  session(headers: Headers): Promise<SignedIn | null>;
  /** The signed-in user of a request, or null — also null for a banned user. */
  user(headers: Headers): Promise<SessionUser | null>;
}

/**
 * Reads the session of a request the way better-auth's getSession reads it (same cookie, same signature check)
 * from its record in the database, without the endpoint machinery around it, which cost more than the lookup
 * itself on the earning path (ADR 049). The database, not better-auth's Redis cache, is read even when that
 * cache is configured: a sign-out, reset, revocation or ban deletes the session record or marks the user in
 * the same transaction, so it holds at once here even if dropping the cached copy failed (Redis away; ADR 048).
 * Whenever better-auth would do more than read — a session missing or expired (it cleans up), due for its sliding
 * refresh (it extends it), or marked "don't remember me" — the request is handed to better-auth's own getSession
 * (and then the ban is checked against the database too).
 */
export function createSessionReader({ auth, db }: { auth: Auth; db: Database }): SessionReader {
  const settings = auth.$context.then((ctx) => ({
    sessionCookie: ctx.authCookies.sessionToken.name,
    dontRememberCookie: ctx.authCookies.dontRememberToken.name,
    secret: ctx.secret,
    refreshAfterMs: (ctx.sessionConfig.expiresIn - ctx.sessionConfig.updateAge) * 1000,
  }));
  /** better-auth's getSession for what it does beyond reading; its own 4xx refusals (a race with a sign-out) are "nobody". */
  const viaAuth = async (headers: Headers) => {
    try {
      return await auth.api.getSession({ headers });
    } catch (error) {
      if (isAPIError(error) && error.statusCode < 500) return null;
      throw error;
    }
  };
  const reader: SessionReader = {
    async session(headers) {
      const cookieHeader = headers.get("cookie");
      if (!cookieHeader) return null;
      const s = await settings;
      const cookies = parse(cookieHeader);
      const token = verifiedToken(cookies[s.sessionCookie], s.secret);
      if (!token) return null;
      // The record decides: no row (signed out, revoked, reset) is nobody, whatever a cache says.
      const found = await findStoredSession(db, token);
      if (!found) return null;
      const expiresAt = new Date(found.expiresAt).getTime();
      const now = Date.now();
      // Expired, due for refresh (expiresAt − expiresIn + updateAge), or "don't remember me": better-auth's turn.
      const askAuth =
        expiresAt < now || expiresAt - s.refreshAfterMs <= now || cookies[s.dontRememberCookie] !== undefined;
      if (askAuth && !(await viaAuth(headers))) return null;
      const { id, email, emailVerified } = found.user;
      return {
        user: { id, email, emailVerified },
        sessionCreatedAt: new Date(found.createdAt),
        banned: isBanned(found.user),
      };
    },
    async user(headers) {
      const signedIn = await reader.session(headers);
      return signedIn && !signedIn.banned ? signedIn.user : null;
    },
  };
  return reader;
}
