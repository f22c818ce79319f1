import path from "node:path";
import { serve } from "@hono/node-server";
import type { Redis } from "ioredis";
import { createApp } from "./app";
import { resolveAuthSecret } from "./auth/auth-secret";
import { isClusterPrimary, runClusterPrimary } from "./cluster";
import { createDeps, dependencyProbes } from "./create-deps";
import { openDatabase } from "./db/client";
import { prepareDatabase } from "./db/prepare";
import { createDependencyMonitor, type DependencyMonitor } from "./health/dependency-monitor";
import { KYC_RETENTION_EVERY_MS, KYC_RETENTION_QUEUE } from "./kyc/kyc-retention.job";
import { logProcessFaults, shutDown } from "./lifecycle";
import { loadEnvOrExit } from "./load-env";
import { createLogger } from "./logger";
import { mailDeliveryNote } from "./mail/dev-mailbox.routes";
import { openRedis } from "./redis/client";

const env = loadEnvOrExit();
const logger = createLogger(env);
try {
  env.authSecret = await resolveAuthSecret(env, logger);
} catch (error) {
  console.error(
    `Could not keep a secret in DATA_DIR: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
logProcessFaults(logger);

// Pool and Redis errors reach the monitor, made once both are open.
let monitor: DependencyMonitor | undefined;

// WEB_CONCURRENCY > 1: this process only migrates the database and supervises the workers (src/server/cluster.ts).
if (isClusterPrimary(env)) {
  await runClusterPrimary(env, logger, async () => {
    const primaryDb = await openDatabase(env);
    try {
      const applied = await prepareDatabase(primaryDb.db);
      if (applied.length) logger.info({ applied }, "migrations applied");
    } finally {
      await primaryDb.close();
    }
  });
}

let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase(env, { onConnectionError: (error) => monitor?.reportDown("database", error) });
  const applied = await prepareDatabase(handle.db);
  if (applied.length) logger.info({ applied }, "migrations applied");
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
// dist/web beside this file's dist/server when compiled, and the same folder when run from src/server by tsx.
const app = createApp(deps, { webRoot: path.resolve(import.meta.dirname, "../../dist/web") });
deps.jobs.schedule(KYC_RETENTION_QUEUE, KYC_RETENTION_EVERY_MS);
deps.jobs.start();
const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
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
