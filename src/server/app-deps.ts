import type { Database } from "./db/client";
import type { Env } from "./env";
import type { Logger } from "./logger";

/** What every sub-router may use; built once in main.ts (or per test). */
export interface AppDeps {
  env: Env;
  db: Database;
  logger: Logger;
}
