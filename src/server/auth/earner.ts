import { type RawBuilder, sql } from "kysely";
import { AppError } from "../errors";
import type { SessionUser } from "../http/router";
import type { SessionProof, SessionReader } from "./session-reader";

/**
 * Who an earning request acts for (ADR 062). A signed session cookie that needs nothing but a read is checked by
 * the earning statement itself — `session_earner(token, fresh_until)` (ledger/sql/session-earner.sql) opens it — so a paid
 * watch's two requests are two statements, not four. Whenever that check does not hold (no such session, a ban,
 * an unconfirmed address, a refresh due) the request takes the full way: the session reader (and better-auth)
 * decide and answer as `requireEarner` does, and the statement runs again for the user they found.
 */
export type Earner = { userId: string; token?: string | null } | { session: SessionProof };

/** The session token an earner acts through, if known: the award looks at it again under its lock. */
export const earnerToken = (earner: Earner): string | null =>
  "session" in earner ? earner.session.token : (earner.token ?? null);

/** The acting user's id as SQL: the known id, or the session's own check (null when it does not hold). */
export function earnerSql(earner: Earner): RawBuilder<string | null> {
  return "userId" in earner
    ? sql<string>`${earner.userId}::text`
    : sql<string | null>`session_earner(${earner.session.token}, ${earner.session.freshUntil})`;
}

/** What an earning statement answers when its session check did not hold: nothing was done. */
export const NO_SESSION = Symbol("no session");

/**
 * The signed-in user allowed to earn: 401 LOGIN_REQUIRED ('You need to be logged in to earn coins.') unless
 * signed in, 403 EMAIL_NOT_VERIFIED unless the address is confirmed.
 */
export async function earningUser(sessions: SessionReader, headers: Headers): Promise<SessionUser> {
  const user = await sessions.user(headers);
  if (!user) throw new AppError("LOGIN_REQUIRED");
  if (!user.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED");
  return user;
}

/**
 * Runs `work` for the request's earner: on the session token alone first, then, when its statement answers
 * NO_SESSION (or the cookie needs more than a read), for the user the session reader finds. `before` (a per-user
 * rate limit) runs first with the user's id; on the token alone only when the reader has seen the token before
 * (a session's user never changes), else the request takes the full way.
 */
export async function asEarner<T>(
  sessions: SessionReader,
  headers: Headers,
  work: (earner: Earner) => Promise<T | typeof NO_SESSION>,
  before?: (userId: string) => Promise<void>,
): Promise<T> {
  const session = await sessions.earningToken(headers);
  let counted: string | null = null;
  if (session && (!before || session.userId)) {
    if (before && session.userId) {
      await before(session.userId);
      counted = session.userId;
    }
    const result = await work({ session });
    if (result !== NO_SESSION) return result;
  }
  const user = await earningUser(sessions, headers);
  if (before && counted !== user.id) await before(user.id);
  const result = await work({ userId: user.id, token: session?.token ?? null });
  if (result === NO_SESSION) throw new Error("an earning statement for a known user found no user");
  return result;
}
