import type { MiddlewareHandler } from "hono";
import { type Logger, logContext } from "../logger";
import { withDefaultHeaders } from "./default-headers";
import type { AppBindings } from "./router";

/** A request id a trusted proxy may pass on: letters, digits and `._:-`, at most 128 (a UUID, a hex trace id…). */
const WELL_FORMED_ID = /^[\w.:-]{1,128}$/;

/**
 * The request's id: a new UUID, followed by a trusted proxy's `X-Request-Id` (TRUST_PROXY=true, when well-formed) as
 * a suffix — no client can choose the id its lines are logged under or the 'Reference' it is shown. See
 * docs/product.md, 'Request ids'.
 */
export function requestIdOf(header: string | undefined, trustProxy: boolean): string {
  const id = crypto.randomUUID();
  return trustProxy && header && WELL_FORMED_ID.test(header) ? `${id}.${header}` : id;
}

/** The status an error thrown through this middleware is answered with (errors.ts). */
function statusOf(error: unknown): number {
  const status = typeof error === "object" && error !== null && "status" in error ? error.status : undefined;
  return typeof status === "number" ? status : 500;
}

/**
 * One structured log line per request; every line logged while the request is answered carries its `reqId`
 * (logger.ts), and the answer carries it in `X-Request-Id` (and error bodies in `error.requestId`, errors.ts).
 */
export function requestLog(
  logger: Logger,
  { trustProxy }: { trustProxy: boolean },
): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const start = performance.now();
    const reqId = requestIdOf(c.req.header("x-request-id"), trustProxy);
    c.set("requestId", reqId);
    await logContext.run({ reqId }, async () => {
      let status: number | undefined;
      try {
        // On every answer: the handler's, better-auth's, a static file, the error handler's.
        await withDefaultHeaders(c, { "x-request-id": reqId }, next);
        status = c.res.status;
      } catch (error) {
        // Thrown past the routes (the 404 of an unknown path): the error handler answers it after this.
        status = statusOf(error);
        throw error;
      } finally {
        const ms = Math.round((performance.now() - start) * 10) / 10;
        logger.info({ method: c.req.method, path: c.req.path, status, ms }, "request");
      }
    });
  };
}
