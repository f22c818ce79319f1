import type { Context } from "hono";
import type { AppBindings } from "./router";

/**
 * Headers a proxy adds when it passes a request on; any of them (or any `X-Forwarded…` header) means the request did
 * not start on this machine. The list is in docs/product.md "Metrics for operators".
 */
export const FORWARDING_HEADERS = [
  "forwarded",
  "forwarded-for",
  "via",
  "x-real-ip",
  "client-ip",
  "x-client-ip",
  "x-originating-ip",
  "x-remote-ip",
  "x-remote-addr",
  "x-proxyuser-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
  "x-cluster-client-ip",
  "x-original-forwarded-for",
];

function isLoopbackAddress(address: string): boolean {
  const ip = address.startsWith("::ffff:") ? address.slice(7) : address;
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || isLoopbackAddress(host);
}

/**
 * Whether a request comes from the person at this machine: its TCP peer is a loopback address, it names a
 * loopback host (a DNS-rebinding page names its own), and it carries no header a proxy adds — a reverse proxy on
 * the same host also connects from loopback, so any forwarding header refuses. See docs/decisions/019.
 */
export function isLocalOperator(c: Context<AppBindings>): boolean {
  const peer = c.env?.incoming?.socket?.remoteAddress;
  if (!peer || !isLoopbackAddress(peer)) return false;
  let hostname: string;
  try {
    hostname = new URL(c.req.url).hostname;
  } catch {
    return false;
  }
  if (!isLoopbackHost(hostname)) return false;
  const headers = c.req.raw.headers;
  for (const [name] of headers) {
    if (name.startsWith("x-forwarded") || FORWARDING_HEADERS.includes(name)) return false;
  }
  return true;
}
