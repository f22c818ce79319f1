import { AsyncLocalStorage } from "node:async_hooks";
import { pino } from "pino";
import type { Env } from "./env";
import { createLogDestination, type LogDestination } from "./log-destination";

export type Logger = pino.Logger;

/**
 * What a line is logged for: the request being answered (set by the request-log middleware) or the job being run
 * (jobs/job-runs.ts). Every line logged meanwhile carries its fields, and only those lines: a timer or job started
 * from a request leaves the request's context (jobs/job-poller.ts), so a job's lines never carry a request's id.
 */
export type LogContext = { reqId: string } | { job: number; queue: string };
export const logContext = new AsyncLocalStorage<LogContext>();

let stdoutOutput: LogDestination | undefined;

/**
 * The process's log output: stdout through log-destination.ts, made once. stderr (Node's own warnings, start-up
 * failures) gets an error listener too: a dead stderr is dropped, not an uncaught exception.
 */
export function logOutput(): LogDestination {
  if (!stdoutOutput) {
    stdoutOutput = createLogDestination(process.stdout);
    process.stderr.on("error", () => {});
  }
  return stdoutOutput;
}

/**
 * JSON lines; with several worker processes each line carries its process id, and a line logged while a request
 * is answered carries that request's `reqId`. Output goes to `destination` (default: logOutput(), which never
 * holds the process).
 */
export function createLogger(
  env: Pick<Env, "logLevel"> & Partial<Pick<Env, "webConcurrency">>,
  destination: LogDestination = logOutput(),
): Logger {
  const clustered = (env.webConcurrency ?? 1) > 1;
  return pino(
    {
      level: env.logLevel,
      base: clustered ? { pid: process.pid } : undefined,
      mixin: () => logContext.getStore() ?? {},
    },
    destination,
  );
}
