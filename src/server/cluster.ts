import cluster from "node:cluster";
import type { Logger } from "./logger";
import { withServerFlags } from "./node-flags";

/** True in a serving process that the first one forked: it neither migrates nor supervises. */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

export interface Workers {
  /** Tells every worker to stop (gracefully, as on its own SIGTERM) and resolves once every worker has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
  /** SIGKILL to every worker still running (the first process's stop deadline has passed). */
  kill(): void;
}

/** The message by which the first process passes a stop on to its workers. */
const STOP_MESSAGE = "ple:stop";
/** A worker's message once it listens and handles STOP_MESSAGE. */
const READY_MESSAGE = "ple:ready";

/**
 * In a worker: `stop` runs when the first process passes a stop on (its SIGTERM/SIGINT) and when the worker
 * loses it (the IPC channel closes: it died or was killed), so that no worker keeps the port without a first
 * process. The stop is passed as a message, not as a signal: a supervisor that signals the whole process group
 * reaches a worker twice otherwise, and a second signal means "exit now" (lifecycle.ts).
 */
export function onFirstProcessGone(stop: (reason: "primary stopping" | "disconnect") => void): void {
  if (!cluster.isWorker) return;
  process.on("message", (message: unknown) => {
    if (message === STOP_MESSAGE) stop("primary stopping");
  });
  process.on("disconnect", () => stop("disconnect"));
  if (!process.connected) stop("disconnect");
}

/** In a worker that serves: tells the first process that a stop can now be passed on as a message. */
export function announceReady(): void {
  if (cluster.isWorker) process.send?.(READY_MESSAGE);
}

/**
 * The first process's other `count` serving processes (node:cluster for the fork and its exit events; each worker
 * binds the port itself with `reusePort`, serve.ts). Called once the first process listens, so that they bind the
 * port it got (`port`: the actual one, when PORT was 0) and find the database prepared. A worker that dies is
 * replaced; workers that keep dying at start-up stop the whole server with exit code 1.
 */
export function superviseWorkers({
  count,
  port,
  logger,
}: {
  count: number;
  port: number;
  logger: Logger;
}): Workers {
  // Workers run with the server's V8 flags even when the first process was started without them (they inherit
  // its environment, the malloc tunable of the launch command included).
  cluster.setupPrimary({ execArgv: withServerFlags(process.execArgv) });
  let stopping: (() => void) | undefined;
  let earlyExits = 0;
  // The live workers and when each started (node:cluster may still list one whose exit it has just reported).
  const startedAt = new Map<number, number>();
  // Workers that serve (announceReady); one still starting is stopped by the signal itself (it has no handler yet).
  const ready = new Set<number>();
  cluster.on("message", (worker, message: unknown) => {
    if (message === READY_MESSAGE) ready.add(worker.id);
  });
  const fork = () => {
    const worker = cluster.fork({ PORT: String(port) });
    startedAt.set(worker.id, Date.now());
  };
  for (let i = 0; i < count; i++) fork();
  logger.info({ workers: count }, "worker processes started");
  cluster.on("exit", (worker, code, signal) => {
    const started = startedAt.get(worker.id) ?? 0;
    startedAt.delete(worker.id);
    ready.delete(worker.id);
    if (stopping) {
      if (startedAt.size === 0) stopping();
      return;
    }
    // A worker that cannot even start (bad port, database down) would be replaced forever: give up instead.
    if (Date.now() - started < 10_000 && ++earlyExits > count * 2) {
      logger.fatal({ code, signal }, "workers keep failing at start-up; stopping");
      process.exit(1);
    }
    logger.error({ pid: worker.process.pid, code, signal }, "worker exited; starting another");
    fork();
  });
  return {
    stop(signal) {
      const done = new Promise<void>((resolve) => {
        stopping = resolve;
      });
      if (startedAt.size === 0) stopping?.();
      logger.info({ signal, workers: startedAt.size }, "stopping the workers");
      for (const worker of Object.values(cluster.workers ?? {})) {
        if (worker && ready.has(worker.id) && worker.isConnected())
          worker.send(STOP_MESSAGE, undefined, () => {});
        else worker?.process.kill(signal);
      }
      return done;
    },
    kill() {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
    },
  };
}
