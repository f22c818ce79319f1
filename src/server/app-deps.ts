import type { AccountHooks } from "./auth/account-hooks";
import type { Auth } from "./auth/auth";
import type { SessionReader } from "./auth/session-reader";
import type { Database } from "./db/client";
import type { ProposalEffects } from "./dual-control/effects";
import type { Env } from "./env";
import type { DependencyMonitor } from "./http/dependency-monitor";
import type { RateLimitStore } from "./http/rate-limit";
import type { JobWorker } from "./jobs/jobs.worker";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import type { MailOutbox } from "./mail/outbox.job";
import type { AppMetrics } from "./metrics/metrics.routes";
import type { PayoutProvider } from "./redemptions/providers/payout-provider";

/** What every sub-router may use; built once by createDeps (src/server/create-deps.ts) in main.ts and in tests. */
export interface AppDeps {
  env: Env;
  db: Database;
  logger: Logger;
  /** Delivers one message now (SMTP or the dev mailbox). */
  mailer: Mailer;
  /** Queues mail as durable jobs delivered through `mailer`; what request handlers use. */
  mailOutbox: MailOutbox;
  /** The durable job queue's worker (src/server/jobs); started by main.ts. */
  jobs: JobWorker;
  /** The domains' part of an account's life, for auth/ (which imports none of them). */
  accounts: AccountHooks;
  /** The better-auth instance (sessions, sign-in, verification, reset). */
  auth: Auth;
  /** The signed-in user of a request, read from its session cookie (auth/session-reader.ts). */
  sessions: SessionReader;
  /** Database and Redis reachability: one log line per outage, 503s while one is down, /api/ready. */
  dependencies: DependencyMonitor;
  /** Where approved redemptions are paid: `manual` (default) or Tremendous when configured. */
  payoutProvider: PayoutProvider;
  /** Counters of the auth rate limits. */
  rateLimitStore: RateLimitStore;
  /** The effect of each kind of approved proposal, owned by its domain (dual-control/effects.ts). */
  proposalEffects: ProposalEffects<AppDeps>;
  /** What GET /metrics answers (src/server/metrics). */
  metrics: AppMetrics;
}
