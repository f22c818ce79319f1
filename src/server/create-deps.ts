import type { Redis } from "ioredis";
import type { AppDeps } from "./app-deps";
import { createAuth } from "./auth/auth";
import type { Argon2Params } from "./auth/password-hash";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { createMemoryRateLimitStore, type RateLimitStore } from "./http/rate-limit";
import { createJobWorker, type JobWorkerOptions } from "./jobs/jobs.worker";
import { KYC_RETENTION_QUEUE, kycRetentionJobHandler } from "./kyc/kyc-retention";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { createMailOutbox, MAIL_QUEUE, mailJobHandler } from "./mail/outbox";
import { createRedisRateLimitStore } from "./redis/redis-rate-limit-store";
import { redisSecondaryStorage } from "./redis/redis-secondary-storage";

export interface DepsOverrides {
  /** Cheaper password hashing (tests only). */
  argon2?: Argon2Params;
  mailer?: Mailer;
  rateLimitStore?: RateLimitStore;
  /** Faster polling and retries (tests). */
  jobs?: Pick<JobWorkerOptions, "pollMs" | "backoff" | "leaseMs" | "sweep">;
}

/**
 * The one place the app's services are built: used by main.ts and by tests/support/test-app.ts. With `redis`
 * (main.ts opens it when REDIS_URL is set) rate-limit counters and better-auth's session cache live there, shared
 * by every process; without it they are in this process's memory (ADR 014).
 */
export function createDeps({
  env,
  db,
  logger,
  redis,
  overrides = {},
}: {
  env: Env;
  db: Database;
  logger: Logger;
  redis?: Redis | undefined;
  overrides?: DepsOverrides;
}): AppDeps {
  const mailer = overrides.mailer ?? createMailer({ env, db, logger });
  // Every queue's handler is registered here; main.ts starts the worker (jobs.service.ts explains the queue).
  const jobs = createJobWorker({
    db,
    logger,
    handlers: {
      [MAIL_QUEUE]: mailJobHandler(mailer, logger),
      [KYC_RETENTION_QUEUE]: kycRetentionJobHandler(db, env.kycRetentionDays, logger),
    },
    ...overrides.jobs,
  });
  const mailOutbox = createMailOutbox(db, jobs);
  const secondaryStorage = redis ? redisSecondaryStorage(redis) : undefined;
  const auth = createAuth({ env, db, logger, mailOutbox, argon2: overrides.argon2, secondaryStorage });
  const rateLimitStore =
    overrides.rateLimitStore ?? (redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore());
  return { env, db, logger, mailer, mailOutbox, jobs, auth, rateLimitStore };
}
