import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Env } from "../env";
import type { AppBindings } from "./router";

/**
 * The Content-Security-Policy of every response (ADR 013). Scripts only from our origin (the built index.html
 * has no inline script); styles also inline, because Radix's scroll lock (react-remove-scroll) injects a
 * `<style>` element when a dialog opens. Nothing may frame the app, post forms elsewhere or load plugins.
 */
export function contentSecurityPolicy(https: boolean) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    // Videos are ours, or an operator's CDN (a catalogue row's https source URL).
    mediaSrc: ["'self'", "https:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Security headers on every response — API, SPA, assets, errors and 404s alike; mounted first in createApp.
 * HSTS only when APP_URL is https (on plain http it would be ignored, and would pin a dev host to https).
 * The Referrer-Policy is strict-origin-when-cross-origin, not no-referrer: under no-referrer browsers send
 * `Origin: null` on same-origin POSTs, which our CSRF origin check (origin-check.ts) would refuse.
 * A response that sets one of these headers itself keeps its own (the KYC document sets a stricter
 * `Content-Security-Policy: sandbox`).
 */
export function securityHeaders(env: Pick<Env, "appUrl">): MiddlewareHandler<AppBindings> {
  const https = env.appUrl.startsWith("https:");
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(https),
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginOpenerPolicy: "same-origin",
    crossOriginResourcePolicy: "same-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
    overwrite: false,
  });
}
