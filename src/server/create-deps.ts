import type { AppDeps } from "./app-deps";
import { createAuth } from "./auth/auth";
import type { Argon2Params } from "./auth/password-hash";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { createMemoryRateLimitStore, type RateLimitStore } from "./http/rate-limit";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { createMailOutbox } from "./mail/outbox";

export interface DepsOverrides {
  /** Cheaper password hashing (tests only). */
  argon2?: Argon2Params;
  mailer?: Mailer;
  rateLimitStore?: RateLimitStore;
}

/** The one place the app's services are built: used by main.ts and by tests/support/test-app.ts. */
export function createDeps({
  env,
  db,
  logger,
  overrides = {},
}: {
  env: Env;
  db: Database;
  logger: Logger;
  overrides?: DepsOverrides;
}): AppDeps {
  const mailer = overrides.mailer ?? createMailer({ env, db, logger });
  const mailOutbox = createMailOutbox(mailer, logger);
  const auth = createAuth({ env, db, logger, mailOutbox, argon2: overrides.argon2 });
  // A Redis-backed store (REDIS_URL) plugs in here when the app runs as several processes.
  const rateLimitStore = overrides.rateLimitStore ?? createMemoryRateLimitStore();
  return { env, db, logger, mailer, mailOutbox, auth, rateLimitStore };
}
