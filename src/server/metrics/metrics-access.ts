import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { isLocalOperator } from "../http/local-operator";
import type { AppBindings } from "../http/router";

export type MetricsAccess = "allowed" | "wrong-token" | "hidden";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Who may read /metrics (ADR 066): a request with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant
 * time, through digests of equal length), or one from this machine (loopback peer and host, no proxy's header:
 * http/local-operator.ts — a reverse proxy on the same machine does not make the public local). A wrong token is
 * refused (401) even from loopback; anything else sees no such page (404). Behind a proxy (TRUST_PROXY=true) only
 * the token opens it: whatever a proxy passes on may have lost the header that would tell it from a local request.
 */
export function metricsAccess(
  c: Context<AppBindings>,
  token: string | undefined,
  trustProxy: boolean,
): MetricsAccess {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (presented !== undefined && token !== undefined)
    return timingSafeEqual(digest(presented), digest(token)) ? "allowed" : "wrong-token";
  if (presented !== undefined) return "wrong-token";
  return !trustProxy && isLocalOperator(c) ? "allowed" : "hidden";
}
