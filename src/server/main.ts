import path from "node:path";
import { resolveAuthSecret } from "./auth/auth-secret";
import { logProcessFaults } from "./lifecycle";
import { loadEnvOrExit } from "./load-env";
import { createLogger } from "./logger";
import { serve } from "./serve";

/**
 * The entry point: env → secret → a serving process (./serve.ts: with WEB_CONCURRENCY above 1 the first one also
 * forks and supervises the others, cluster.ts).
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

// dist/web beside this file's dist/server when compiled, and the same folder when run from src/server by tsx.
await serve(env, logger, path.resolve(import.meta.dirname, "../../dist/web"));
