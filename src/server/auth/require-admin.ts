import { createMiddleware } from "hono/factory";
import { contentRoles, FRESH_SESSION_MINUTES, type Role } from "~/core/admin";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { documented } from "../http/route-docs";
import type { AppBindings, SessionUser } from "../http/router";
import { isBanned } from "./ban-state";

type AdminBindings = AppBindings & { Variables: { user: SessionUser; sessionCreatedAt: Date } };

/** The signed-in, unbanned user behind the request if their role is one of `allowed`; else 401 / 403 `refusal`. */
const requireRole = (
  { sessions, db }: Pick<AppDeps, "sessions" | "db">,
  allowed: readonly Role[],
  refusal: "ADMIN_ONLY" | "EDITORS_ONLY",
) =>
  createMiddleware<AdminBindings>(async (c, next) => {
    const session = await sessions.session(c.req.raw.headers);
    if (!session) throw new AppError("UNAUTHORIZED");
    const user = await db
      .selectFrom("user")
      .select(["id", "email", "emailVerified", "role", "banned", "banExpires"])
      .where("id", "=", session.user.id)
      .executeTakeFirst();
    if (!user || !allowed.some((role) => role === user.role) || isBanned(user)) throw new AppError(refusal);
    c.set("user", { id: user.id, email: user.email, emailVerified: user.emailVerified });
    c.set("sessionCreatedAt", session.sessionCreatedAt);
    await next();
  });

/**
 * 401 UNAUTHORIZED unless signed in, 403 ADMIN_ONLY unless the user is an administrator; then `c.var.user`
 * and `c.var.sessionCreatedAt` are set. The session and the role are read from the database on every request
 * (auth/session-reader.ts; never from the Redis session cache), so a revoked session or administrator loses
 * access at once, even when the cached copy could not be dropped.
 */
export const requireAdmin = (deps: Pick<AppDeps, "sessions" | "db">) =>
  documented(requireRole(deps, ["admin"], "ADMIN_ONLY"), { kind: "session", guard: "admin" });

/**
 * The content routes (docs/product.md, "Content operations"): like requireAdmin, but content editors pass too —
 * the `editor` role authors quizzes and videos and nothing else; 403 EDITORS_ONLY for everyone else.
 */
export const requireContentEditor = (deps: Pick<AppDeps, "sessions" | "db">) =>
  documented(requireRole(deps, contentRoles, "EDITORS_ONLY"), { kind: "session", guard: "editor" });

/** The administrator and request behind a change, from the context variables requireAdmin set. */
export function actingAdmin(v: { user?: SessionUser | undefined; requestId: string }): {
  adminId: string;
  requestId: string;
} {
  if (!v.user) throw new Error("requireAdmin must run before an admin action");
  return { adminId: v.user.id, requestId: v.requestId };
}

/** Whether a session signed in at `createdAt` may still make sensitive changes at `now`. */
export function isFreshSession(createdAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - createdAt.getTime() <= FRESH_SESSION_MINUTES * 60_000;
}

/**
 * After requireAdmin, on coin adjustments and role changes: 403 REAUTH_REQUIRED unless the session was
 * signed in within the last 15 minutes (the console then asks for the password and signs in again).
 */
export const requireFreshSession = () =>
  documented(
    createMiddleware<AdminBindings>(async (c, next) => {
      if (!isFreshSession(c.var.sessionCreatedAt)) throw new AppError("REAUTH_REQUIRED");
      await next();
    }),
    { kind: "errors", codes: ["REAUTH_REQUIRED"] },
  );
