import { createHmac, timingSafeEqual } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { parse } from "hono/utils/cookie";
import { sql } from "kysely";
import type { Database } from "../db/client";
import type { SessionUser } from "../http/router";
import type { Auth } from "./auth";
import { isBanned } from "./ban-state";

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

/**
 * The session record of a token and its user, as the database holds it: one statement, written as a template
 * (no query builder on every guarded request's path; its text is prepared once per connection).
 */
export async function findStoredSession(db: Database, token: string): Promise<SessionRecord | null> {
  const { rows } = await sql<SessionRecord["user"] & { expiresAt: Date; createdAt: Date }>`
    select s."expiresAt", s."createdAt", u.id, u.email, u."emailVerified", u.banned, u."banExpires"
    from "session" s join "user" u on u.id = s."userId" where s.token = ${token}`.execute(db);
  const row = rows[0];
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
  /**
   * For an earning request's one statement (auth/earner.ts): the cookie's verified token, and the time its
   * record must outlive for the request to need nothing but a read (now + the refresh age). No statement of its
   * own. Null without a signed cookie, or with "don't remember me" (better-auth's turn).
   */
  earningToken(headers: Headers): Promise<SessionProof | null>;
}

/** A signed session token, for the SQL check `session_earner` (ledger/sql/session-earner.sql). */
export interface SessionProof {
  token: string;
  freshUntil: Date;
  /** The session's user, when this reader has read the token's record before (not a proof: the check is). */
  userId?: string | undefined;
}

/** Tokens whose user the reader remembers (a session's user never changes; oldest forgotten first). */
const KNOWN_TOKENS = 10_000;

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
  const known = new Map<string, string>();
  /**
   * Signed cookie values already verified, and their token: an HMAC is deterministic under the one secret, so a
   * value seen before needs no second HMAC (ADR 120: one per request showed in the earning path's profile). Only
   * values whose signature held are kept; the session's record is read (or the earning statement checks it, with
   * the user's ban and deletion) on every request all the same.
   */
  const verified = new Map<string, string>();
  const verifiedTokenOf = (value: string | undefined, secret: string) => {
    if (!value) return null;
    const seen = verified.get(value);
    if (seen) return seen;
    const token = verifiedToken(value, secret);
    if (!token) return null;
    verified.set(value, token);
    if (verified.size > KNOWN_TOKENS) verified.delete(verified.keys().next().value ?? "");
    return token;
  };
  /** The request's verified session token and whether it says "don't remember me"; null without a valid cookie. */
  const tokenOf = async (headers: Headers) => {
    const cookieHeader = headers.get("cookie");
    if (!cookieHeader) return null;
    const s = await settings;
    const cookies = parse(cookieHeader);
    const token = verifiedTokenOf(cookies[s.sessionCookie], s.secret);
    return token ? { token, dontRemember: cookies[s.dontRememberCookie] !== undefined, s } : null;
  };
  const reader: SessionReader = {
    async session(headers) {
      const cookie = await tokenOf(headers);
      if (!cookie) return null;
      // The record decides: no row (signed out, revoked, reset) is nobody, whatever a cache says.
      const found = await findStoredSession(db, cookie.token);
      if (!found) return null;
      const expiresAt = new Date(found.expiresAt).getTime();
      const now = Date.now();
      // Expired, due for refresh (expiresAt − expiresIn + updateAge), or "don't remember me": better-auth's turn.
      const askAuth = expiresAt < now || expiresAt - cookie.s.refreshAfterMs <= now || cookie.dontRemember;
      if (askAuth && !(await viaAuth(headers))) return null;
      const { id, email, emailVerified } = found.user;
      known.delete(cookie.token);
      known.set(cookie.token, id);
      if (known.size > KNOWN_TOKENS) known.delete(known.keys().next().value ?? "");
      return {
        user: { id, email, emailVerified },
        sessionCreatedAt: new Date(found.createdAt),
        banned: isBanned(found.user),
      };
    },
    async earningToken(headers) {
      const cookie = await tokenOf(headers);
      if (!cookie || cookie.dontRemember) return null;
      return {
        token: cookie.token,
        freshUntil: new Date(Date.now() + cookie.s.refreshAfterMs),
        userId: known.get(cookie.token),
      };
    },
    async user(headers) {
      const signedIn = await reader.session(headers);
      return signedIn && !signedIn.banned ? signedIn.user : null;
    },
  };
  return reader;
}
