import type { SecondaryStorage } from "better-auth";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import { adjustmentEffect } from "./admin/adjustments.service";
import { roleChangeEffect } from "./admin/role-change.service";
import { grantListedAdmin } from "./admin/roles.service";
import type { AppDeps } from "./app-deps";
import type { AccountHooks } from "./auth/account-hooks";
import { createAuth, createMailCap } from "./auth/auth";
import type { Argon2Params } from "./auth/password-hash";
import { createSessionReader } from "./auth/session-reader";
import type { Database, PoolStats } from "./db/client";
import type { ProposalEffects } from "./dual-control/effects";
import type { Env } from "./env";
import { createDependencyMonitor, type DependencyMonitor } from "./http/dependency-monitor";
import { createMemoryRateLimitStore, type RateLimitStore } from "./http/rate-limit";
import { createJobWorker, type JobWorkerOptions } from "./jobs/jobs.worker";
import { withPeriodicTasks } from "./jobs/periodic-tasks";
import { kycApprovalEffect } from "./kyc/kyc-approval.service";
import { KYC_RETENTION_QUEUE, kycRetentionJobHandler } from "./kyc/kyc-retention.job";
import { LEDGER_ALLOWANCES_QUEUE, ledgerAllowancesJobHandler } from "./ledger/ledger-allowances.job";
import { ledgerEventsTask } from "./ledger/ledger-events.job";
import { setLedgerPolicy } from "./ledger/ledger-policy";
import type { Logger } from "./logger";
import { createMailer, type Mailer } from "./mail/mailer";
import { createMailOutbox, MAIL_QUEUE, type MailOutbox, mailJobHandler } from "./mail/outbox.job";
import { messageJobHandler } from "./messages/message-delivery.job";
import {
  activityConsumer,
  INBOX_PRUNE_QUEUE,
  inboxPruneJobHandler,
  MESSAGE_SCAN_QUEUE,
  messageScanJobHandler,
} from "./messages/message-scans.job";
import { MESSAGE_QUEUE } from "./messages/messages.service";
import { createAppMetrics } from "./metrics/metrics.routes";
import { partnerReleaseTask } from "./partners/partner-release.job";
import { createProfile } from "./profile/profile.service";
import { QUIZ_RETENTION_QUEUE, quizRetentionJobHandler } from "./quizzes/quiz-retention.job";
import { payoutJobHandler } from "./redemptions/payout.job";
import { PAYOUT_RECHECK_QUEUE, payoutRecheckJobHandler } from "./redemptions/payout-recheck.job";
import { manualProvider } from "./redemptions/providers/payout-provider";
import { tremendousProvider } from "./redemptions/providers/tremendous";
import { redemptionApprovalEffect } from "./redemptions/redemption-approval.service";
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

/** What createDeps builds the app's dependencies from. */
export interface CreateDepsInput {
  env: Env;
  db: Database;
  logger: Logger;
  redis?: Redis | undefined;
  /** The database handle's pool figures, for /metrics. */
  poolStats?: (() => PoolStats) | undefined;
  /** main.ts makes it first, so pool and Redis errors reach it; otherwise one is made here. */
  dependencies?: DependencyMonitor;
  overrides?: DepsOverrides;
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
}: CreateDepsInput): AppDeps {
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
  const ledgerEvents = ledgerOf(db, env);
  const handlers = jobHandlers({ db, env, logger, mailer, payoutDeps });
  const queue = createJobWorker({ db, logger, handlers, leaseMs: env.jobLeaseMs, ...overrides.jobs });
  const jobs = withPeriodicTasks(queue, [ledgerEvents, partnerReleaseTask(db)], logger);
  const mailOutbox = createMailOutbox(db, jobs, env);
  outbox.current = mailOutbox;
  const secondaryStorage = overrides.secondaryStorage ?? (redis ? redisSecondaryStorage(redis) : undefined);
  const accounts: AccountHooks = {
    createRecords: (trx, input) => createProfile(trx, input),
    signedIn: (userId) => grantListedAdmin(db, env.adminEmails, userId),
    referralOutcome: (code) => referralOutcomeOf(db, code),
  };
  const rateLimitStore =
    overrides.rateLimitStore ?? (redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore());
  const auth = createAuth({
    env,
    db,
    logger,
    mailOutbox,
    mailCap: createMailCap(rateLimitStore, env, logger),
    accounts,
    argon2: overrides.argon2,
    secondaryStorage,
  });
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
    proposalEffects,
    metrics: createAppMetrics({
      db,
      enabled: env.metricsEnabled,
      queues: Object.keys(handlers),
      outboxQueue: MAIL_QUEUE,
      poolStats,
      redis,
    }),
  };
}

/** The jobs that prune what the books no longer need after its settable age (KYC documents, quiz question lists). */
function retentionHandlers(db: Database, env: Env, logger: Logger) {
  return {
    [KYC_RETENTION_QUEUE]: kycRetentionJobHandler(db, env.kycRetentionDays, logger),
    [QUIZ_RETENTION_QUEUE]: quizRetentionJobHandler(db, env.quizDetailRetentionDays, logger),
  };
}

/**
 * The ledger's policy, which reaches it once, here (ledger-policy.ts), and the periodic task that hands the award's
 * event to its consumers (ledger-events.ts): the ledger is handed them, it imports none.
 */
function ledgerOf(db: Database, env: Env) {
  setLedgerPolicy(db, {
    limits: env.earningLimits,
    referralRelease: env.referralRelease,
    streakBonusCoins: env.streakRules.bonusCoins,
  });
  return ledgerEventsTask(db, [
    streakConsumer(env.streakRules),
    firstEarningConsumer,
    releaseConsumer,
    rollupsConsumer,
    activityConsumer,
  ]);
}

/** Dual control runs the effect its domain owns for each kind of approved proposal (dual-control/effects.ts). */
const proposalEffects: ProposalEffects<AppDeps> = {
  "coins.adjust": adjustmentEffect,
  "redemption.approve": redemptionApprovalEffect,
  "kyc.approve": kycApprovalEffect,
  "role.change": roleChangeEffect,
};

/** Every queue's handler, registered here; main.ts starts the worker (jobs.service.ts explains the queue). */
function jobHandlers({
  db,
  env,
  logger,
  mailer,
  payoutDeps,
}: {
  db: Database;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  payoutDeps: Parameters<typeof payoutJobHandler>[0];
}) {
  return {
    [MAIL_QUEUE]: mailJobHandler(mailer, logger),
    [PAYOUT_QUEUE]: payoutJobHandler(payoutDeps, logger),
    [PAYOUT_RECHECK_QUEUE]: payoutRecheckJobHandler(payoutDeps, logger),
    ...retentionHandlers(db, env, logger),
    [FIRST_EARNING_QUEUE]: firstEarningJobHandler(db),
    [EXPIRE_QUEUE]: expireJobHandler(db, logger),
    [LEDGER_ALLOWANCES_QUEUE]: ledgerAllowancesJobHandler(db),
    [MESSAGE_QUEUE]: messageJobHandler({ db, env, mailOutbox: payoutDeps.mailOutbox }),
    [MESSAGE_SCAN_QUEUE]: messageScanJobHandler(db),
    [INBOX_PRUNE_QUEUE]: inboxPruneJobHandler(db),
  };
}

/** How the monitor and /api/ready ask whether the database and Redis answer. */
export function dependencyProbes(db: Database, redis?: Redis) {
  return {
    database: () => sql`select 1`.execute(db),
    ...(redis ? { redis: () => redis.ping() } : {}),
  };
}
