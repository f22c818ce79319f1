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
