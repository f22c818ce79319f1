import type { Server } from "node:http";
import type { Http2SecureServer, Http2Server } from "node:http2";
import type { AppDeps } from "./app-deps";
import { type Logger, logOutput } from "./logger";

/** How long SIGTERM waits for in-flight requests and running jobs before closing anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * The hard bound of a stop: the graceful part (SHUTDOWN_TIMEOUT_MS, then closing the pools and the last log lines)
 * normally ends well within it; whatever still runs then, the process exits (code 1).
 */
export const STOP_DEADLINE_MS = 15_000;
/** How long a stop waits for log lines still on their way to a slow output before it exits without them. */
export const LOG_FLUSH_MS = 1000;

export type StopReason = NodeJS.Signals | "disconnect" | "primary stopping";

/**
 * How a serving process stops (docs/product.md, 'Stopping the server'): the first SIGTERM/SIGINT (or, in a
 * worker, its first process stopping or going away) runs `stop` — graceful — and arms STOP_DEADLINE_MS, after
 * which `kill` runs and the process exits 1. A second signal exits at once. Returns the trigger for the
 * non-signal reasons.
 */
export function stopWithDeadline({
  logger,
  stop,
  kill = () => {},
  deadlineMs = STOP_DEADLINE_MS,
}: {
  logger: Logger;
  /** The graceful part; the process exits 0 (1 if it failed) once it has settled and the log lines have left (LOG_FLUSH_MS). */
  stop: (reason: StopReason) => Promise<void>;
  /** What must not outlive this process (the workers of the first one), ended by force. */
  kill?: () => void;
  deadlineMs?: number;
}): (reason: StopReason) => void {
  let stopping = false;
  let signalled = false;
  const exitNow = (code: number) => {
    kill();
    process.exit(code);
  };
  const begin = (reason: StopReason) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      logger.error({ reason, deadlineMs }, "stop: deadline passed; exiting");
      exitNow(1);
    }, deadlineMs).unref();
    logger.info({ signal: reason }, "shutting down");
    void stop(reason)
      .then(
        () => 0,
        (error: unknown) => {
          logger.error({ err: error }, "stop failed");
          return 1;
        },
      )
      .then(async (code) => {
        await logOutput().flush(LOG_FLUSH_MS);
        process.exit(code);
      });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      logger.warn({ signal }, "stop: second signal; exiting now");
      exitNow(1);
    }
    signalled = true;
    begin(signal);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  return begin;
}

/**
 * A rejected promise nobody awaited, or an 'error' event nobody listens to, is logged once with its context and
 * the process keeps serving: a dependency's hiccup must not take every request down with it.
 */
export function logProcessFaults(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection (the process keeps running)");
  });
  process.on("uncaughtException", (error, origin) => {
    logger.error({ err: error, origin }, "uncaught exception (the process keeps running)");
  });
}

const settle = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => true,
  );

/**
 * Graceful stop: stop accepting connections, let in-flight requests and running jobs finish within
 * SHUTDOWN_TIMEOUT_MS, then close the remaining connections and the pools.
 */
export async function shutDown(
  {
    server,
    deps,
    closeDependencies,
  }: {
    server: Server | Http2Server | Http2SecureServer;
    deps: Pick<AppDeps, "jobs" | "dependencies" | "logger">;
    closeDependencies: () => Promise<void>;
  },
  timeoutMs = SHUTDOWN_TIMEOUT_MS,
): Promise<void> {
  const started = Date.now();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const bound = new Promise<false>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
  const [requestsDone] = await Promise.all([
    Promise.race([closed.then(() => true), bound]),
    settle(deps.jobs.stop()),
  ]);
  if (!requestsDone) {
    deps.logger.warn(
      { timeoutMs },
      "shutdown: requests still running after the bound; closing their connections",
    );
    if ("closeAllConnections" in server) server.closeAllConnections();
  }
  deps.dependencies.stop();
  await closeDependencies().catch((error: unknown) =>
    deps.logger.warn({ err: error }, "shutdown: closing pools failed"),
  );
  deps.logger.info({ ms: Date.now() - started }, "shut down");
}
