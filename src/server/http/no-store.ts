import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "./router";

/**
 * `Cache-Control: no-store` on every API answer that does not set its own: most of them depend on the session
 * (balance, ledger, referrals, the user), and neither a browser nor a proxy may keep them — on a shared computer
 * the back button must not show the previous user's wallet.
 */
export function noStoreByDefault(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    await next();
    if (c.res.headers.has("cache-control")) return;
    try {
      c.res.headers.set("Cache-Control", "no-store");
    } catch {
      // A Response with immutable headers (e.g. Response.redirect): copy it.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("Cache-Control", "no-store");
    }
  };
}
