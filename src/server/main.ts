import path from "node:path";
import { resolveAuthSecret } from "./auth/auth-secret";
import { isClusterPrimary, isPreparingWorker, runClusterPrimary } from "./cluster";
import { logProcessFaults } from "./lifecycle";
import { loadEnvOrExit } from "./load-env";
import { createLogger } from "./logger";

/**
 * The entry point: env → secret → the cluster primary (WEB_CONCURRENCY > 1: supervises the workers; it loads
 * neither the app nor the database code, so it stays small), the cluster's preparing worker (migrations and quiz
 * content, then it exits), or one serving process (./serve.ts, imported only there).
 */
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

if (isClusterPrimary(env)) {
  await runClusterPrimary(env, logger);
} else if (isPreparingWorker()) {
  const [{ openDatabase }, { prepareDatabase }] = await Promise.all([
    import("./db/client"),
    import("./db/prepare"),
  ]);
  try {
    const handle = await openDatabase(env);
    try {
      const applied = await prepareDatabase(handle.db);
      logger.info({ applied }, "database prepared");
    } finally {
      await handle.close();
    }
  } catch (error) {
    console.error(`Could not open the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  process.exit(0);
} else {
  const { serve } = await import("./serve");
  // dist/web beside this file's dist/server when compiled, and the same folder when run from src/server by tsx.
  await serve(env, logger, path.resolve(import.meta.dirname, "../../dist/web"));
}
