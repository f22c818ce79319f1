import type { Context } from "hono";
import type { AppBindings } from "./router";

/**
 * The address rate limits are keyed by: the TCP peer, or — only with TRUST_PROXY=true, behind a reverse
 * proxy that appends the peer to X-Forwarded-For — the last X-Forwarded-For entry (the one our proxy
 * wrote; earlier entries are client-controlled). See ADR 008.
 */
export function clientIp(c: Context<AppBindings>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return normalizeIp(forwarded);
  }
  const socket = c.env?.incoming?.socket?.remoteAddress;
  return socket ? normalizeIp(socket) : "unknown";
}

/** "::ffff:10.0.0.7" (IPv4 on a dual-stack socket) → "10.0.0.7". */
function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}
