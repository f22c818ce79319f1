import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
import type { AppBindings } from "./router";

/** One structured log line per request. */
export function requestLog(logger: Logger): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const start = performance.now();
    const requestId = c.req.header("x-request-id") ?? crypto.randomUUID();
    c.set("requestId", requestId);
    await next();
    logger.info(
      {
        reqId: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      },
      "request",
    );
  };
}
