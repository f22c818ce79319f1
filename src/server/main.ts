import path from "node:path";
import { resolveAuthSecret } from "./auth/auth-secret";
import { isClusterPrimary, runClusterPrimary } from "./cluster";
import { logProcessFaults } from "./lifecycle";
import { loadEnvOrExit } from "./load-env";
import { createLogger } from "./logger";

/**
 * The entry point: env → secret → either the cluster primary (WEB_CONCURRENCY > 1: migrates, then supervises the
 * workers; it never loads the app, so it stays small) or one serving process (./serve.ts, imported only there).
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
  await runClusterPrimary(env, logger, async () => {
    const [{ openDatabase }, { prepareDatabase }] = await Promise.all([
      import("./db/client"),
      import("./db/prepare"),
    ]);
    const primaryDb = await openDatabase(env);
    try {
      const applied = await prepareDatabase(primaryDb.db);
      if (applied.length) logger.info({ applied }, "migrations applied");
    } finally {
      await primaryDb.close();
    }
  });
} else {
  const { serve } = await import("./serve");
  // dist/web beside this file's dist/server when compiled, and the same folder when run from src/server by tsx.
  await serve(env, logger, path.resolve(import.meta.dirname, "../../dist/web"));
}
