import cluster from "node:cluster";
import { once } from "node:events";
import type { Env } from "./env";
import type { Logger } from "./logger";
import { withServerFlags } from "./node-flags";

/** True in the process that should supervise workers rather than serve: WEB_CONCURRENCY > 1 and not a worker. */
export function isClusterPrimary(env: Pick<Env, "webConcurrency">): boolean {
  return env.webConcurrency > 1 && cluster.isPrimary;
}

/** The argument that makes a cluster worker the one that prepares the database, then exits. */
const PREPARE_ARG = "--prepare-database";

/** True in the short-lived cluster worker that migrates and seeds the database before the serving workers start. */
export function isPreparingWorker(): boolean {
  return cluster.isWorker && process.argv.includes(PREPARE_ARG);
}

/**
 * The supervisor of `WEB_CONCURRENCY` HTTP workers (node:cluster: they share the listening port, the kernel
 * spreads connections). First one short-lived worker prepares the database (migrations, quiz content) and exits,
 * so the serving workers never race on it and the primary itself never loads the database code: it stays a small
 * process for as long as the server runs. A worker that dies is replaced; SIGTERM/SIGINT are passed on and the
 * primary exits when all have stopped. Never resolves: the process ends through `process.exit`.
 */
export async function runClusterPrimary(env: Pick<Env, "webConcurrency">, logger: Logger): Promise<never> {
  // Workers run with the server's V8 flags even when the primary was started without them (they inherit its
  // environment, the malloc tunable of the launch command included).
  const execArgv = withServerFlags(process.execArgv);
  cluster.setupPrimary({ execArgv, args: [PREPARE_ARG] });
  const preparing = cluster.fork();
  const [code, signal] = (await once(preparing, "exit")) as [number | null, NodeJS.Signals | null];
  // The preparing worker has printed why it failed (main.ts: "Could not open the database: …").
  if (code !== 0) {
    logger.fatal({ code, signal }, "the database could not be prepared; stopping");
    process.exit(1);
  }
  cluster.setupPrimary({ execArgv, args: [] });
  let stopping = false;
  let earlyExits = 0;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  for (let i = 0; i < env.webConcurrency; i++) fork();
  logger.info({ workers: env.webConcurrency }, "cluster primary started");
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that cannot even start (bad port, database down) would be replaced forever: give up instead.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 10_000 && ++earlyExits > env.webConcurrency * 2) {
      logger.fatal({ code, signal }, "workers keep failing at start-up; stopping");
      process.exit(1);
    }
    logger.error({ pid: worker.process.pid, code, signal }, "worker exited; starting another");
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping workers");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return new Promise<never>(() => {});
}
