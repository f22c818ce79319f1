import cluster from "node:cluster";
import { serve as listen } from "@hono/node-server";
import type { Redis } from "ioredis";
import { createApp } from "./app";
import { createDeps, dependencyProbes } from "./create-deps";
import { openDatabase } from "./db/client";
import { prepareDatabase } from "./db/prepare";
import type { Env } from "./env";
import { createDependencyMonitor, type DependencyMonitor } from "./health/dependency-monitor";
import { KYC_RETENTION_EVERY_MS, KYC_RETENTION_QUEUE } from "./kyc/kyc-retention.job";
import { shutDown } from "./lifecycle";
import type { Logger } from "./logger";
import { mailDeliveryNote } from "./mail/dev-mailbox.routes";
import { PAYOUT_RECHECK_EVERY_MS, PAYOUT_RECHECK_QUEUE } from "./redemptions/payout-recheck.job";
import { openRedis } from "./redis/client";

/**
 * One serving process (the only one, or a cluster worker): database (migrations and quiz content, db/prepare.ts, unless the cluster's preparing worker did them)
 * → Redis → app → job worker → listen; SIGTERM/SIGINT stop it gracefully (lifecycle.ts).
 */
export async function serve(env: Env, logger: Logger, webRoot: string): Promise<void> {
  // Pool and Redis errors reach the monitor, made once both are open.
  let monitor: DependencyMonitor | undefined;
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase(env, {
      onConnectionError: (error) => monitor?.reportDown("database", error),
    });
    // In a cluster the preparing worker has migrated and seeded already (cluster.ts); only a lone process does it here.
    if (!cluster.isWorker) {
      const applied = await prepareDatabase(handle.db);
      if (applied.length) logger.info({ applied }, "migrations applied");
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
  const deps = createDeps({ env, db: handle.db, logger, redis, dependencies: monitor });
  const app = createApp(deps, { webRoot });
  deps.jobs.schedule(KYC_RETENTION_QUEUE, KYC_RETENTION_EVERY_MS);
  deps.jobs.schedule(PAYOUT_RECHECK_QUEUE, PAYOUT_RECHECK_EVERY_MS);
  deps.jobs.start();
  const server = listen({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    logger.info(
      { port: info.port, db: handle.kind, redis: Boolean(redis), url: env.appUrl },
      `listening on ${env.appUrl}`,
    );
    logger.info(mailDeliveryNote(env));
  });

  let closing = false;
  async function stop(signal: string) {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    await shutDown({
      server,
      deps,
      closeDependencies: async () => {
        await redis?.quit().catch(() => redis?.disconnect());
        await handle.close();
      },
    });
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
