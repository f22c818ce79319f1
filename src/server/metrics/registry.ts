import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import { type EarningKind, rewards } from "~/core/coins";
import { runAfterCommit } from "../db/transaction-scope";

/**
 * This process's metrics (prom-client, ADR 066): what it counted itself — HTTP requests, awards, redemption
 * transitions — and Node's own figures (memory, event-loop lag, CPU). With several processes every process's
 * figures are summed into one answer (cluster-metrics.ts); the database's state is read once per scrape by the
 * process answering it (state-metrics.ts), never summed. Counters start at 0 when the process starts.
 */
export const processRegistry = new Registry();

let defaultsStarted = false;
let enabled = true;

/**
 * METRICS_ENABLED=false: nothing is counted and /metrics answers 404 (the benchmark's "without"). Node's default
 * figures start with the first app that counts (not at import: a CLI that never serves starts no timers).
 */
export function setMetricsEnabled(on: boolean): void {
  enabled = on;
  if (on && !defaultsStarted) {
    defaultsStarted = true;
    collectDefaultMetrics({ register: processRegistry });
  }
}

export const metricsEnabled = () => enabled;

/** Every request by its route's pattern (never the raw path), method and status; seconds to the answer. */
export const httpDuration = new Histogram({
  name: "ple_http_request_duration_seconds",
  help: "HTTP requests by route pattern, method and status: seconds until the answer",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

const awards = new Counter({
  name: "ple_awards_total",
  help: "Awards the ledger decided, by earning kind and outcome (paid, duplicate: the cause was paid before, limited: the allowance was used up)",
  labelNames: ["kind", "outcome"] as const,
  registers: [processRegistry],
});

const awardCoins = new Counter({
  name: "ple_award_coins_total",
  help: "Coins paid by awards, by earning kind",
  labelNames: ["kind"] as const,
  registers: [processRegistry],
});

export type RedemptionEvent = "requested" | "approved" | "paid" | "failed" | "rejected" | "cancelled";

const redemptions = new Counter({
  name: "ple_redemptions_total",
  help: "Redemption transitions: requested, approved (a first approval), paid, failed (the payout provider refused), rejected, cancelled",
  labelNames: ["event"] as const,
  registers: [processRegistry],
});

const redemptionCoins = new Counter({
  name: "ple_redemption_coins_total",
  help: "Coins of the redemptions of each transition (requested, approved, paid out, failed, rejected, cancelled)",
  labelNames: ["event"] as const,
  registers: [processRegistry],
});

// Every kind and event is listed from the start (at 0), so a rate over them exists before the first one happens.
const REDEMPTION_EVENTS: readonly RedemptionEvent[] = [
  "requested",
  "approved",
  "paid",
  "failed",
  "rejected",
  "cancelled",
];
for (const kind of Object.keys(rewards)) {
  for (const outcome of ["paid", "duplicate", "limited"]) awards.inc({ kind, outcome }, 0);
  awardCoins.inc({ kind }, 0);
}
for (const event of REDEMPTION_EVENTS) {
  redemptions.inc({ event }, 0);
  redemptionCoins.inc({ event }, 0);
}

/** Runs `count` once the caller's transaction commits (never for one that rolls back), or now outside one. */
function onCommit(count: () => void): void {
  if (!enabled) return;
  if (!runAfterCommit(count)) count();
}

/** Counts what one award decided (ledger.service.ts, where award() and awardFrom() return). */
export function countAward<R extends { amount: number; duplicate: boolean; limited: boolean }>(
  kind: EarningKind,
  result: R,
): R {
  onCommit(() => {
    const outcome = result.duplicate ? "duplicate" : result.limited ? "limited" : "paid";
    awards.inc({ kind, outcome });
    if (result.amount > 0) awardCoins.inc({ kind }, result.amount);
  });
  return result;
}

/** Counts a redemption's transition and its coins, once its transaction commits. */
export function countRedemption(event: RedemptionEvent, coins: number): void {
  onCommit(() => {
    redemptions.inc({ event });
    redemptionCoins.inc({ event }, coins);
  });
}

/** What an earning partner's postback came to (partners/postback.service.ts). */
export type PostbackOutcome =
  | "credited"
  | "held"
  | "duplicate"
  | "reversed"
  | "conflict"
  | "bad_signature"
  | "bad_source"
  | "unknown_partner"
  | "malformed"
  | "unknown_player"
  | "nothing_to_reverse";

const postbacks = new Counter({
  name: "ple_partner_postbacks_total",
  help: "Earning partners' postbacks by partner slug (`unknown` for a slug no enabled partner has) and outcome",
  labelNames: ["partner", "outcome"] as const,
  registers: [processRegistry],
});

const partnerReleases = new Counter({
  name: "ple_partner_releases_total",
  help: "Partner credits released from pending into balances, and their coins (label what: credits, coins)",
  labelNames: ["what"] as const,
  registers: [processRegistry],
});
partnerReleases.inc({ what: "credits" }, 0);
partnerReleases.inc({ what: "coins" }, 0);

/** Counts a postback's outcome once its transaction commits (or now, for one refused before any). */
export function countPostback(partner: string, outcome: PostbackOutcome): void {
  onCommit(() => postbacks.inc({ partner, outcome }));
}

/** Counts a partner credit's release and its coins, once its transaction commits. */
export function countPartnerRelease(coins: number): void {
  onCommit(() => {
    partnerReleases.inc({ what: "credits" });
    partnerReleases.inc({ what: "coins" }, coins);
  });
}

const jobAttempts = new Counter({
  name: "ple_job_attempts_total",
  help: "Job runs by queue and outcome: done, or failed (retried later, or given up when it was the last try)",
  labelNames: ["queue", "outcome"] as const,
  registers: [processRegistry],
});

const jobsExhausted = new Counter({
  name: "ple_jobs_exhausted_total",
  help: "Jobs given up after their last try (status 'failed': a mail never sent, a payout never settled), by queue",
  labelNames: ["queue"] as const,
  registers: [processRegistry],
});

/** Lists a worker's queues at 0 from the start, so an alert's increase() sees the first give-up of each. */
export function listJobQueues(queues: readonly string[]): void {
  for (const queue of queues) {
    for (const outcome of ["done", "failed"]) jobAttempts.inc({ queue, outcome }, 0);
    jobsExhausted.inc({ queue }, 0);
  }
}

/** Counts one job run's end (job-runs.ts, where the run is recorded): `exhausted` when it was given up. */
export function countJobRun(queue: string, outcome: "done" | "failed" | "exhausted"): void {
  if (!enabled) return;
  jobAttempts.inc({ queue, outcome: outcome === "done" ? "done" : "failed" });
  if (outcome === "exhausted") jobsExhausted.inc({ queue });
}

/** Why a call to the payout provider failed: `rejected` is the provider refusing the payout for good. */
export type PayoutFailureReason =
  | "unreachable"
  | "timeout"
  | "http_5xx"
  | "rate_limited"
  | "unauthorized"
  | "bad_answer"
  | "rejected";

const payoutCalls = new Counter({
  name: "ple_payout_provider_attempts_total",
  help: "Calls to the payout provider (create or status read), by provider",
  labelNames: ["provider"] as const,
  registers: [processRegistry],
});

const payoutFailures = new Counter({
  name: "ple_payout_provider_failures_total",
  help: "Calls to the payout provider that failed, by provider and reason (unreachable, timeout, http_5xx, rate_limited, unauthorized, bad_answer; rejected: refused for good)",
  labelNames: ["provider", "reason"] as const,
  registers: [processRegistry],
});

const PAYOUT_FAILURE_REASONS: readonly PayoutFailureReason[] = [
  "unreachable",
  "timeout",
  "http_5xx",
  "rate_limited",
  "unauthorized",
  "bad_answer",
  "rejected",
];

/** Lists the configured provider's figures at 0 from the start (as listJobQueues). */
export function listPayoutProvider(provider: string): void {
  payoutCalls.inc({ provider }, 0);
  for (const reason of PAYOUT_FAILURE_REASONS) payoutFailures.inc({ provider, reason }, 0);
}

/** Counts one call to the payout provider and, when it failed, why (payout.job.ts). */
export function countPayoutCall(provider: string, failure?: PayoutFailureReason): void {
  if (!enabled) return;
  payoutCalls.inc({ provider });
  if (failure) payoutFailures.inc({ provider, reason: failure });
}

/** The mails the per-address caps hold back (auth/mail-cap.ts): confirmation and password-reset mails. */
export type CappedMailKind = "confirmation" | "password_reset";

const mailsDropped = new Counter({
  name: "ple_mail_dropped_total",
  help: "Confirmation and password-reset mails not sent because their address had its hourly or daily cap, by kind",
  labelNames: ["kind"] as const,
  registers: [processRegistry],
});
mailsDropped.inc({ kind: "confirmation" }, 0);
mailsDropped.inc({ kind: "password_reset" }, 0);

/** Counts one mail the per-address cap dropped (the request itself was answered as usual). */
export function countMailDropped(kind: CappedMailKind): void {
  if (enabled) mailsDropped.inc({ kind });
}

/** Why a lifecycle message was not mailed (src/server/messages, docs/product.md "Messages"). */
export type MessageSuppression = "preference" | "cap" | "quiet_hours";

const messagesSent = new Counter({
  name: "ple_messages_sent_total",
  help: "Lifecycle messages mailed (and put in the inbox), by kind",
  labelNames: ["kind"] as const,
  registers: [processRegistry],
});
const messagesSuppressed = new Counter({
  name: "ple_messages_suppressed_total",
  help: "Lifecycle mails not sent when due: turned off (preference), over the daily cap (cap), held back or dropped in quiet hours (quiet_hours)",
  labelNames: ["reason"] as const,
  registers: [processRegistry],
});
for (const reason of ["preference", "cap", "quiet_hours"] as const) messagesSuppressed.inc({ reason }, 0);
const messagesUnsubscribed = new Counter({
  name: "ple_messages_unsubscribed_total",
  help: "Message kinds turned off through a mail's one-click unsubscribe link, by kind",
  labelNames: ["kind"] as const,
  registers: [processRegistry],
});

export function countMessageSent(kind: string): void {
  if (enabled) messagesSent.inc({ kind });
}
export function countMessageSuppressed(reason: MessageSuppression): void {
  if (enabled) messagesSuppressed.inc({ reason });
}
export function countMessageUnsubscribed(kind: string): void {
  if (enabled) messagesUnsubscribed.inc({ kind });
}
