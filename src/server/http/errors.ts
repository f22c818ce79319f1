import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ErrorCode } from "~/core/error-codes";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import type { DependencyMonitor } from "./dependency-monitor";
import type { AppBindings } from "./router";
import { unavailableDependency } from "./unavailable";

/** Seconds a client is asked to wait (Retry-After) when a dependency is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The JSON of an error answer. A failure on the server's side (5xx) also names the request's id (as its
 * X-Request-Id header does), which the app shows as 'Reference …' so support can find the log lines.
 */
export function errorBody(error: AppError, requestId?: string): ApiErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.issues ? { issues: error.issues } : {}),
      ...(error.rows ? { rows: error.rows } : {}),
      ...(requestId && error.status >= 500 ? { requestId } : {}),
    },
  };
}

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

/** The catalogue error for a bare HTTP status (a response that carries no code of its own). */
export function errorForStatus(status: number): AppError {
  if (status >= 500) return new AppError("INTERNAL");
  return new AppError(codeByStatus[status] ?? "BAD_REQUEST");
}

/** Hono's own HTTPExceptions (bad JSON, body limit…) mapped onto the catalogue. */
function fromHttpException(err: HTTPException): AppError {
  if (err.status === 400 && /json/i.test(err.message)) return new AppError("INVALID_JSON");
  return errorForStatus(err.status);
}

/**
 * SQLSTATEs of text the database cannot store — a NUL byte (22021) or an unconvertible character (22P05).
 * Only a client's input carries them (e.g. a reset token of "\u0000" that better-auth looks up), so they
 * are the client's error, not a 500.
 */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

function fromDatabaseError(err: Error): AppError | null {
  const code = "code" in err ? err.code : undefined;
  return typeof code === "string" && UNSTORABLE_TEXT.has(code) ? new AppError("INVALID_TEXT") : null;
}

/**
 * Maps anything thrown in a handler to JSON. An error that shows the database or Redis to be unreachable (or any
 * unexpected error while one of them does not answer a probe) is a 503 UNAVAILABLE with Retry-After; the
 * monitor logs the outage once. Only truly unexpected errors become 500s, and they are logged.
 */
export function createErrorHandler(logger: Logger, monitor?: DependencyMonitor) {
  return async (err: Error, c: Context<AppBindings>) => {
    const requestId = c.get("requestId");
    const appError =
      err instanceof AppError
        ? err
        : err instanceof HTTPException
          ? fromHttpException(err)
          : fromDatabaseError(err);
    if (appError) {
      if (appError.status === 503) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return c.json(errorBody(appError, requestId), appError.status as ContentfulStatusCode);
    }
    const dependency = unavailableDependency(err);
    if (dependency) monitor?.reportDown(dependency, err);
    if (dependency || (monitor && (monitor.isDown() || (await probesFail(monitor))))) {
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return c.json(errorBody(new AppError("UNAVAILABLE"), requestId), 503);
    }
    logger.error({ err, path: c.req.path }, "unhandled error");
    return c.json(errorBody(new AppError("INTERNAL"), requestId), 500);
  };
}

/** An unexpected error: is a dependency behind it (wrapped by a library beyond recognition)? */
async function probesFail(monitor: DependencyMonitor): Promise<boolean> {
  const checks = await monitor.check(1000);
  return Object.values(checks).includes("unreachable");
}
