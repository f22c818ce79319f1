import type { MiddlewareHandler } from "hono";
import type { Env } from "../env";
import { AppError } from "../errors";
import type { AppBindings } from "./router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Origins whose pages may call the API with the session cookie (and better-auth's allowed callbackURLs): the app
 * itself, plus the Vite dev server only when DEV_ORIGIN says so — which `npm run dev` does and `npm start` never.
 */
export function trustedOrigins(env: Pick<Env, "appUrl" | "devOrigin">): string[] {
  const origins = [new URL(env.appUrl).origin];
  if (env.devOrigin && !origins.includes(env.devOrigin)) origins.push(env.devOrigin);
  return origins;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence for cookie-authenticated mutations: a non-GET/HEAD/OPTIONS request that carries a cookie
 * must come from a trusted origin (its Origin header, or lacking one its Referer). Browsers always send
 * Origin on such requests, so a cookie with neither header is refused too (as better-auth does).
 * Requests without cookies are not affected.
 */
export function sameOriginMutations(allowed: readonly string[]): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.header("cookie")) return next();
    const origin = c.req.header("origin");
    const source = origin ?? originOf(c.req.header("referer"));
    if (!source || !allowed.includes(source)) throw new AppError("CROSS_ORIGIN");
    return next();
  };
}
