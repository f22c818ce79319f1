import type { SecondaryStorage } from "better-auth";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import { grantListedAdmin, isListedAdmin, recordListedAdminGrant } from "./admin/roles.service";
import type { AppDeps } from "./app-deps";
import type { AccountHooks } from "./auth/account-hooks";
import { createAuth } from "./auth/auth";
import type { Argon2Params } from "./auth/password-hash";
import { createSessionReader } from "./auth/session-reader";
import type { Database, PoolStats } from "./db/client";
import type { Env } from "./env";
import { createDependencyMonitor, type DependencyMonitor } from "./health/dependency-monitor";
import { createMemoryRateLimitStore, type RateLimitStore } from "./http/rate-limit";
import { createJobWorker, type JobWorkerOptions } from "./jobs/jobs.worker";
import { withPeriodicTasks } from "./jobs/periodic-tasks";
import { KYC_RETENTION_QUEUE, kycRetentionJobHandler } from "./kyc/kyc-retention.job";
import { LEDGER_ALLOWANCES_QUEUE, ledgerAllowancesJobHandler } from "./ledger/ledger-allowances.job";
import { ledgerEventsTask } from "./ledger/ledger-events.job";
import { setLedgerPolicy } from "./ledger/ledger-policy";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { createMailOutbox, MAIL_QUEUE, type MailOutbox, mailJobHandler } from "./mail/outbox.job";
import { createAppMetrics } from "./metrics/metrics.routes";
import { createProfile } from "./profile/profile.service";
import { payoutJobHandler } from "./redemptions/payout.job";
import { PAYOUT_RECHECK_QUEUE, payoutRecheckJobHandler } from "./redemptions/payout-recheck.job";
import { manualProvider } from "./redemptions/providers/payout-provider";
import { tremendousProvider } from "./redemptions/providers/tremendous";
import { PAYOUT_QUEUE } from "./redemptions/redemption-transitions";
import { createRedisRateLimitStore } from "./redis/redis-rate-limit-store";
import { redisSecondaryStorage } from "./redis/redis-secondary-storage";
import { firstEarningConsumer } from "./referrals/first-earning-consumer";
import {
  EXPIRE_QUEUE,
  expireJobHandler,
  FIRST_EARNING_QUEUE,
  firstEarningJobHandler,
} from "./referrals/referral-bonus.job";
import { referralOutcomeOf } from "./referrals/referrals.service";
import { releaseConsumer } from "./referrals/release-consumer";
import { rollupsConsumer } from "./rollups/rollups-consumer";
import { streakConsumer } from "./streaks/streak-consumer";

export interface DepsOverrides {
  /** Cheaper password hashing (tests only). */
  argon2?: Argon2Params;
  mailer?: Mailer;
  rateLimitStore?: RateLimitStore;
  /** Faster polling and retries (tests). */
  jobs?: Pick<JobWorkerOptions, "pollMs" | "backoff" | "leaseMs" | "sweep">;
  /** better-auth's session cache instead of the Redis one (tests: a cache that can be made unreachable). */
  secondaryStorage?: SecondaryStorage;
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
  dependencies,
  poolStats,
  overrides = {},
}: {
  env: Env;
  db: Database;
  logger: Logger;
  redis?: Redis | undefined;
  /** The database handle's pool figures, for /metrics. */
  poolStats?: (() => PoolStats) | undefined;
  /** main.ts makes it first, so pool and Redis errors reach it; otherwise one is made here. */
  dependencies?: DependencyMonitor;
  overrides?: DepsOverrides;
}): AppDeps {
  const monitor = dependencies ?? createDependencyMonitor({ logger, probes: dependencyProbes(db, redis) });
  const mailer = overrides.mailer ?? createMailer({ env, db, logger });
  const payoutProvider = env.tremendous ? tremendousProvider(env.tremendous) : manualProvider;
  // The payout handler queues its e-mail through the outbox, which needs the worker: it is bound just below.
  const outbox: { current?: MailOutbox } = {};
  const payoutDeps = {
    db,
    env,
    payoutProvider,
    mailOutbox: {
      enqueue: (...args) => outbox.current!.enqueue(...args),
      idle: () => outbox.current!.idle(),
    } satisfies MailOutbox,
  };
  // The ledger's policy reaches it once, here (src/server/ledger/ledger-policy.ts).
  setLedgerPolicy(db, {
    limits: env.earningLimits,
    referralRelease: env.referralRelease,
    streakBonusCoins: env.streakRules.bonusCoins,
  });
  // Every queue's handler is registered here; main.ts starts the worker (jobs.service.ts explains the queue).
  const handlers = {
    [MAIL_QUEUE]: mailJobHandler(mailer, logger),
    [PAYOUT_QUEUE]: payoutJobHandler(payoutDeps, logger),
    [PAYOUT_RECHECK_QUEUE]: payoutRecheckJobHandler(payoutDeps, logger),
    [KYC_RETENTION_QUEUE]: kycRetentionJobHandler(db, env.kycRetentionDays, logger),
    [FIRST_EARNING_QUEUE]: firstEarningJobHandler(db),
    [EXPIRE_QUEUE]: expireJobHandler(db, logger),
    [LEDGER_ALLOWANCES_QUEUE]: ledgerAllowancesJobHandler(db),
  };
  const queue = createJobWorker({ db, logger, handlers, leaseMs: env.jobLeaseMs, ...overrides.jobs });
  // The award's event's consumers (ledger-events.ts): the ledger is handed them, it imports none.
  const ledgerEvents = ledgerEventsTask(db, [
    streakConsumer(env.streakRules),
    firstEarningConsumer,
    releaseConsumer,
    rollupsConsumer,
  ]);
  const jobs = withPeriodicTasks(queue, [ledgerEvents], logger);
  const mailOutbox = createMailOutbox(db, jobs);
  outbox.current = mailOutbox;
  const secondaryStorage = overrides.secondaryStorage ?? (redis ? redisSecondaryStorage(redis) : undefined);
  const accounts: AccountHooks = {
    createRecords: (trx, input) => createProfile(trx, input),
    isListedAdmin: (email) => isListedAdmin(env.adminEmails, email),
    recordListedAdmin: (trx, userId) => recordListedAdminGrant(trx, userId),
    signedIn: (userId) => grantListedAdmin(db, env.adminEmails, userId),
    referralOutcome: (code) => referralOutcomeOf(db, code),
  };
  const auth = createAuth({
    env,
    db,
    logger,
    mailOutbox,
    accounts,
    argon2: overrides.argon2,
    secondaryStorage,
  });
  const rateLimitStore =
    overrides.rateLimitStore ?? (redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore());
  return {
    env,
    db,
    logger,
    mailer,
    mailOutbox,
    jobs,
    dependencies: monitor,
    accounts,
    auth,
    sessions: createSessionReader({ auth, db }),
    rateLimitStore,
    payoutProvider,
    metrics: createAppMetrics({
      db,
      enabled: env.metricsEnabled,
      queues: Object.keys(handlers),
      poolStats,
      redis,
    }),
  };
}

/** How the monitor and /api/ready ask whether the database and Redis answer. */
export function dependencyProbes(db: Database, redis?: Redis) {
  return {
    database: () => sql`select 1`.execute(db),
    ...(redis ? { redis: () => redis.ping() } : {}),
  };
}
