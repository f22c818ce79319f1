import type { Server } from "node:http";
import type { Http2SecureServer, Http2Server } from "node:http2";
import type { AppDeps } from "./app-deps";
import type { Logger } from "./logger";

/** How long SIGTERM waits for in-flight requests and running jobs before closing anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

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
