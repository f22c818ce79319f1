import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Redis } from "ioredis";
import { createApp } from "./app";
import type { AppDeps } from "./app-deps";
import { serveBackups } from "./backup/running-backup.service";
import {
  announceReady,
  isClusterWorker,
  onFirstProcessGone,
  superviseWorkers,
  type Workers,
} from "./cluster";
import { createDeps, dependencyProbes } from "./create-deps";
import { openDatabase } from "./db/client";
import type { Env } from "./env";
import { createDependencyMonitor, type DependencyMonitor } from "./http/dependency-monitor";
import { kycEncryptionKey } from "./kyc/kyc-key";
import { rekeyDocumentNumbers } from "./kyc/kyc-rekey";
import { KYC_RETENTION_EVERY_MS, KYC_RETENTION_QUEUE } from "./kyc/kyc-retention.job";
import { LEDGER_ALLOWANCES_EVERY_MS, LEDGER_ALLOWANCES_QUEUE } from "./ledger/ledger-allowances.job";
import { type StopReason, shutDown, stopWithDeadline } from "./lifecycle";
import type { Logger } from "./logger";
import { mailDeliveryNote } from "./mail/dev-mailbox.routes";
import {
  INBOX_PRUNE_EVERY_MS,
  INBOX_PRUNE_QUEUE,
  MESSAGE_SCAN_EVERY_MS,
  MESSAGE_SCAN_QUEUE,
} from "./messages/message-scans.job";
import { prepareDatabase } from "./prepare-database";
import { QUIZ_RETENTION_EVERY_MS, QUIZ_RETENTION_QUEUE } from "./quizzes/quiz-retention.job";
import { PAYOUT_RECHECK_EVERY_MS, PAYOUT_RECHECK_QUEUE } from "./redemptions/payout-recheck.job";
import { openRedis } from "./redis/client";
import { EXPIRE_EVERY_MS, EXPIRE_QUEUE } from "./referrals/referral-bonus.job";

/**
 * A serving process: database (migrations and quiz content, prepare-database.ts, in the first process only) → Redis →
 * app → job worker → listen. With WEB_CONCURRENCY above 1 every process binds the port with `reusePort` (the kernel
 * spreads the connections) and the first one, once it listens, forks and supervises the others (cluster.ts): there
 * is no process that only supervises (ADR 050). SIGTERM/SIGINT stop it gracefully within a hard deadline
 * (lifecycle.ts), the first process together with its workers; a worker whose first process goes away stops too.
 * On PGlite, `npm run backup` asks this process, the data dir's one owner (backup/running-backup.service.ts).
 */
export async function serve(env: Env, logger: Logger, webRoot: string): Promise<void> {
  // A worker told to stop (or orphaned) before it serves has nothing to finish: it exits at once.
  let stop: (reason: StopReason) => void = () => process.exit(0);
  onFirstProcessGone((reason) => stop(reason));
  // Pool and Redis errors reach the monitor, made once both are open.
  let monitor: DependencyMonitor | undefined;
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase(env, {
      onConnectionError: (error) => monitor?.reportDown("database", error),
    });
    // A worker starts once the first process has migrated and seeded the database and listens.
    if (!isClusterWorker()) {
      const applied = await prepareDatabase(handle.db);
      logger.info({ applied }, "database prepared");
      const newer = applied.filter((name) => name.startsWith("newer:"));
      if (newer.length > 0)
        logger.warn({ newer }, "database is ahead of this release: serving beside its newer migrations");
      // Stored document numbers hashed under an older key get today's (needs the KYC key, which migrations lack).
      await rekeyDocumentNumbers(handle.db, kycEncryptionKey(env, logger), logger);
    }
  } catch (error) {
    console.error(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  let redis: Redis | undefined;
  if (env.redisUrl) {
    try {
      redis = await openRedis(env, logger, (error) => monitor?.reportDown("redis", error));
    } catch (error) {
      console.error(`Could not connect to Redis: ${error instanceof Error ? error.message : String(error)}`);
      await handle.close();
      process.exit(1);
    }
  }

  monitor = createDependencyMonitor({ logger, probes: dependencyProbes(handle.db, redis) });
  const deps = createDeps({
    env,
    db: handle.db,
    logger,
    redis,
    dependencies: monitor,
    poolStats: handle.poolStats,
  });
  if (env.webConcurrency > 1) deps.metrics.shareWithCluster();
  const app = createApp(deps, { webRoot });
  scheduleRecurringJobs(deps);
  deps.jobs.start();
  const stopBackups = handle.kind === "pglite" ? await serveBackups(handle, env.dataDir, logger) : undefined;
  const clustered = env.webConcurrency > 1;
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  try {
    await listen(server, { port: env.port, host: env.host, reusePort: clustered, exclusive: clustered });
  } catch (error) {
    console.error(
      `Could not listen on ${env.host}:${env.port}: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  const { port } = server.address() as AddressInfo;
  logger.info(
    { port, db: handle.kind, redis: Boolean(redis), url: env.appUrl },
    `listening on ${env.appUrl}`,
  );
  if (!isClusterWorker()) logger.info(mailDeliveryNote(env));
  const workers: Workers | undefined =
    clustered && !isClusterWorker()
      ? superviseWorkers({ count: env.webConcurrency - 1, port, logger })
      : undefined;

  stop = stopWithDeadline({
    logger,
    kill: () => workers?.kill(),
    stop: async (reason) => {
      await Promise.all([
        shutDown({
          server,
          deps,
          closeDependencies: async () => {
            await redis?.quit().catch(() => redis?.disconnect());
            await stopBackups?.();
            await handle.close();
          },
        }),
        workers?.stop(reason === "SIGINT" ? "SIGINT" : "SIGTERM"),
      ]);
    },
  });
  announceReady();
}

/** The recurring jobs, each on its queue at its interval (the durable queue runs each once per interval). */
function scheduleRecurringJobs(deps: AppDeps): void {
  deps.jobs.schedule(KYC_RETENTION_QUEUE, KYC_RETENTION_EVERY_MS);
  deps.jobs.schedule(PAYOUT_RECHECK_QUEUE, PAYOUT_RECHECK_EVERY_MS);
  deps.jobs.schedule(EXPIRE_QUEUE, EXPIRE_EVERY_MS);
  deps.jobs.schedule(LEDGER_ALLOWANCES_QUEUE, LEDGER_ALLOWANCES_EVERY_MS);
  deps.jobs.schedule(QUIZ_RETENTION_QUEUE, QUIZ_RETENTION_EVERY_MS);
  deps.jobs.schedule(MESSAGE_SCAN_QUEUE, MESSAGE_SCAN_EVERY_MS);
  deps.jobs.schedule(INBOX_PRUNE_QUEUE, INBOX_PRUNE_EVERY_MS);
}

/** `server.listen` as a promise: resolves once it listens, rejects with the bind error (EADDRINUSE, EACCES…). */
async function listen(
  server: Server,
  options: { port: number; host: string; reusePort: boolean; exclusive: boolean },
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
