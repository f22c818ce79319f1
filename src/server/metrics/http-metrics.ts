import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppBindings } from "../http/router";
import { httpDuration, metricsEnabled } from "./registry";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Times every request into ple_http_request_duration_seconds by the pattern of the route that answered
 * (`/api/redemptions/:id/cancel`, never the raw path: the labels stay a fixed, small set), its method and status.
 * A request no route matched is labelled with the pattern of the catch-all that answered it.
 */
export function httpMetrics(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (!metricsEnabled()) return next();
    const end = httpDuration.startTimer();
    try {
      await next();
    } finally {
      end({
        method: METHODS.has(c.req.method) ? c.req.method : "OTHER",
        route: routePath(c) || "unmatched",
        status: String(c.res.status),
      });
    }
  };
}
