import path from "node:path";
import { serve } from "@hono/node-server";
import type { Redis } from "ioredis";
import { createApp } from "./app";
import { createDeps } from "./create-deps";
import { openDatabase } from "./db/client";
import { migrateToLatest } from "./db/migrate";
import { KYC_RETENTION_EVERY_MS, KYC_RETENTION_QUEUE } from "./kyc/kyc-retention";
import { loadEnvOrExit } from "./load-env";
import { createLogger } from "./logger";
import { openRedis } from "./redis/client";

const env = loadEnvOrExit();
const logger = createLogger(env);

let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase(env);
  const applied = await migrateToLatest(handle.db);
  if (applied.length) logger.info({ applied }, "migrations applied");
} catch (error) {
  console.error(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let redis: Redis | undefined;
if (env.redisUrl) {
  try {
    redis = await openRedis(env, logger);
  } catch (error) {
    console.error(`Could not connect to Redis: ${error instanceof Error ? error.message : String(error)}`);
    await handle.close();
    process.exit(1);
  }
}

const deps = createDeps({ env, db: handle.db, logger, redis });
const app = createApp(deps, { webRoot: path.resolve("dist/web") });
deps.jobs.schedule(KYC_RETENTION_QUEUE, KYC_RETENTION_EVERY_MS);
deps.jobs.start();
const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  logger.info(
    { port: info.port, db: handle.kind, redis: Boolean(redis), url: env.appUrl },
    `listening on ${env.appUrl}`,
  );
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, "shutting down");
  server.close();
  await deps.jobs.stop();
  await redis?.quit();
  await handle.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
