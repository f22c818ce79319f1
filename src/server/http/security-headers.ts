import type { MiddlewareHandler } from "hono";
import type { Env } from "../env";
import { withDefaultHeaders } from "./default-headers";
import type { AppBindings } from "./router";

/**
 * The Content-Security-Policy of every response (ADR 013). Scripts only from our origin (the built index.html
 * has no inline script); styles also inline, because Radix's scroll lock (react-remove-scroll) injects a
 * `<style>` element when a dialog opens. Nothing may frame the app, post forms elsewhere or load plugins.
 */
export function contentSecurityPolicy(https: boolean): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'"],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:"],
    // Videos are ours, or an operator's CDN (a catalogue row's https source URL).
    ["media-src", "'self'", "https:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ...(https ? [["upgrade-insecure-requests"] as [string]] : []),
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/**
 * The security headers of every response — API, SPA, assets, errors and 404s alike (the set `hono/secure-headers`
 * sends, with our policy). HSTS only when APP_URL is https (on plain http it would be ignored, and would pin a dev
 * host to https). The Referrer-Policy is strict-origin-when-cross-origin, not no-referrer: under no-referrer
 * browsers send `Origin: null` on same-origin POSTs, which our CSRF origin check (origin-check.ts) would refuse.
 */
export function securityHeaderRecord(env: Pick<Env, "appUrl">): Readonly<Record<string, string>> {
  const https = env.appUrl.startsWith("https:");
  return Object.freeze({
    "cross-origin-resource-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-frame-options": "DENY",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
    "content-security-policy": contentSecurityPolicy(https),
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  });
}

/**
 * Security headers on every response; mounted first in createApp. A response that sets one of these headers itself
 * keeps its own (the KYC document sets a stricter `Content-Security-Policy: sandbox`).
 */
export function securityHeaders(env: Pick<Env, "appUrl">): MiddlewareHandler<AppBindings> {
  const headers = securityHeaderRecord(env);
  return (c, next) => withDefaultHeaders(c, headers, next);
}
