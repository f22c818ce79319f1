import type { Context } from "hono";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { clientIp } from "../http/client-ip";
import { rateLimit } from "../http/rate-limit";
import type { AppBindings } from "../http/router";

/** A file to save, never cached (it is the user's own data). */
export const download = (type: string, name: string) => ({
  "Content-Type": type,
  "Content-Disposition": `attachment; filename="${name}"`,
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
});

/** The limits the /api/account/* routes share (account.routes.ts and the routes it mounts). */
export function createAccountRouteKit(deps: AppDeps) {
  const { env, rateLimitStore: store } = deps;
  const ip = (c: Context<AppBindings>) => clientIp(c, env.trustProxy);
  const userOf = (c: Context<AppBindings>) => {
    const user = c.var.user;
    if (!user) throw new AppError("UNAUTHORIZED");
    return user;
  };
  /** Password checks share sign-in's limit and counters with verify-password and change-password (ADR 020). */
  const limitPasswordCheck = rateLimit(store, (c) => [
    { key: `password-check:ip:${ip(c)}`, limit: env.authRateLimit },
    { key: `password-check:user:${userOf(c).id}`, limit: env.authRateLimit },
  ]);
  /** A download reads the whole history: limited like a credential check, per client IP and per user. */
  const limitExport = rateLimit(store, (c) => [
    { key: `data-export:ip:${ip(c)}`, limit: env.authRateLimit },
    { key: `data-export:user:${userOf(c).id}`, limit: env.authRateLimit },
  ]);
  return { limitPasswordCheck, limitExport };
}

export type AccountRouteKit = ReturnType<typeof createAccountRouteKit>;
