import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isCommonPassword } from "~/core/password-policy";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { clientIp } from "../http/client-ip";
import { type RateLimitRule, rateLimit } from "../http/rate-limit";
import type { AppBindings } from "../http/router";
import { forwardToAuth, readJsonObject } from "./auth-request";

/**
 * 400 PASSWORD_TOO_COMMON for a new password among the most common ones (src/core/password-policy.ts). Only from
 * 6 characters up: shorter ones keep better-auth's "too short" answer, as the form's hint says.
 */
export function refuseCommonPassword(password: unknown): void {
  if (
    typeof password === "string" &&
    password.length >= 6 &&
    password.length <= 128 &&
    isCommonPassword(password)
  )
    throw new AppError("PASSWORD_TOO_COMMON");
}

/** The limits, guards and forwards the /api/auth/* routes share (auth.routes.ts and the routes it mounts). */
export function createAuthRouteKit(deps: AppDeps) {
  const { env, rateLimitStore: store } = deps;
  const ip = (c: Context<AppBindings>) => clientIp(c, env.trustProxy);
  const mailRules = (c: Context<AppBindings>, email: unknown): RateLimitRule[] => [
    { key: `mail:ip:${ip(c)}`, limit: env.mailRateLimit },
    ...(typeof email === "string" && email.trim()
      ? [{ key: `mail:to:${email.trim().toLowerCase()}`, limit: env.mailRateLimit }]
      : []),
  ];
  const limitMail = rateLimit(store, async (c) => mailRules(c, (await readJsonObject(c)).email));
  /**
   * Every check of a password an attacker could repeat — sign-in, verify-password, change-password — is limited
   * like sign-in: AUTH_RATE_LIMIT a minute per client IP, and for the checks of a signed-in user also per user
   * (so a stolen session cannot guess from many addresses). Reset tokens (unguessable, but still a credential)
   * get the same per-IP limit.
   */
  const limitPasswordCheck = rateLimit(store, async (c) => {
    // It runs behind `signedIn`, which has read the session's user.
    const user = c.var.user;
    if (!user) throw new Error("limitPasswordCheck must run behind signedIn");
    return [
      { key: `password-check:ip:${ip(c)}`, limit: env.authRateLimit },
      { key: `password-check:user:${user.id}`, limit: env.authRateLimit },
    ];
  });
  /**
   * 401 unless the request's session record exists in the database (auth/session-reader.ts): better-auth would
   * accept a cached copy of a session revoked while Redis was away; a revoked session checks no password.
   */
  const signedIn = createMiddleware<AppBindings>(async (c, next) => {
    const user = await deps.sessions.user(c.req.raw.headers);
    if (!user) throw new AppError("UNAUTHORIZED");
    c.set("user", user);
    await next();
  });
  const limitReset = rateLimit(store, (c) => [
    { key: `reset-password:ip:${ip(c)}`, limit: env.authRateLimit },
  ]);
  /** Mail endpoints get the address trimmed, like sign-in and sign-up. */
  const forwardTrimmed = async (c: Context<AppBindings>) => {
    const body = await readJsonObject(c);
    return forwardToAuth(
      c,
      deps,
      typeof body.email === "string" ? { ...body, email: body.email.trim() } : undefined,
    );
  };
  const forward = (c: Context<AppBindings>) => forwardToAuth(c, deps);
  /** The request's address and user agent, as the security mails name them. */
  const from = (c: Context<AppBindings>) => ({ ip: ip(c), userAgent: c.req.header("user-agent") });
  return {
    ip,
    from,
    mailRules,
    limitMail,
    limitPasswordCheck,
    signedIn,
    limitReset,
    forwardTrimmed,
    forward,
  };
}

export type AuthRouteKit = ReturnType<typeof createAuthRouteKit>;
