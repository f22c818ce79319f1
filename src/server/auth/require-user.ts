import { createMiddleware } from "hono/factory";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { documented } from "../http/route-docs";
import type { AppBindings, SessionUser } from "../http/router";

type UserBindings = AppBindings & { Variables: { user: SessionUser } };

/** Whether a ban (the admin plugin's fields) is in force at `now`; one with a past expiry is over. */
export function isBanned(
  user: { banned?: boolean | null; banExpires?: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (!user.banned) return false;
  return !user.banExpires || new Date(user.banExpires).getTime() > now.getTime();
}

/** What the session guards need: better-auth, and the database when sessions come from a cache. */
export type SessionDeps = Pick<AppDeps, "auth" | "db" | "sessionCache">;

/**
 * The signed-in user of a request (from its session cookie), or null — also null for a banned user: a ban
 * deletes the user's sessions, and this refuses one that slipped past it (so a banned user never earns).
 * With a session cache (Redis) the cached user may predate a ban whose cache drop failed (Redis was away), so
 * the ban state is read from the database, the record of the ban.
 */
export async function sessionUser(deps: SessionDeps, headers: Headers): Promise<SessionUser | null> {
  const session = await deps.auth.api.getSession({ headers });
  if (!session || isBanned(session.user)) return null;
  if (deps.sessionCache) {
    const stored = await deps.db
      .selectFrom("user")
      .select(["banned", "banExpires"])
      .where("id", "=", session.user.id)
      .executeTakeFirst();
    if (!stored || isBanned(stored)) return null;
  }
  const { id, email, emailVerified } = session.user;
  return { id, email, emailVerified };
}

/** 401 UNAUTHORIZED unless signed in; then `c.var.user` is set. */
export const requireUser = (deps: SessionDeps) =>
  documented(
    createMiddleware<UserBindings>(async (c, next) => {
      const user = await sessionUser(deps, c.req.raw.headers);
      if (!user) throw new AppError("UNAUTHORIZED");
      c.set("user", user);
      await next();
    }),
    { kind: "session", guard: "user" },
  );

/**
 * For routes that pay coins: 401 LOGIN_REQUIRED ('You need to be logged in to earn coins.') unless
 * signed in, 403 EMAIL_NOT_VERIFIED unless the address is confirmed; then `c.var.user` is set.
 */
export const requireEarner = (deps: SessionDeps) =>
  documented(
    createMiddleware<UserBindings>(async (c, next) => {
      const user = await sessionUser(deps, c.req.raw.headers);
      if (!user) throw new AppError("LOGIN_REQUIRED");
      if (!user.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED");
      c.set("user", user);
      await next();
    }),
    { kind: "session", guard: "earner" },
  );
