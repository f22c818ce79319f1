import type { MiddlewareHandler } from "hono";
import { withDefaultHeaders } from "./default-headers";
import type { AppBindings } from "./router";

const NO_STORE = Object.freeze({ "cache-control": "no-store" });

/**
 * `Cache-Control: no-store` on every API answer that does not set its own: most of them depend on the session
 * (balance, ledger, referrals, the user), and neither a browser nor a proxy may keep them — on a shared computer
 * the back button must not show the previous user's wallet.
 */
export function noStoreByDefault(): MiddlewareHandler<AppBindings> {
  return (c, next) => withDefaultHeaders(c, NO_STORE, next);
}
