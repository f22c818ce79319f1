/**
 * The background work of `npm run bench:scale`: each periodic job's run (what serve.ts schedules and the periodic
 * tasks of create-deps.ts), called as the worker calls it, timed over a few runs on the database. The first run
 * may find real work (events left by the earning load); the figures are of every run, p50 and the slowest.
 */
import { DEFAULT_EARNING_LIMITS, DEFAULT_REFERRAL_RELEASE } from "~/core/earning";
import { KYC_DEFAULT_RETENTION_DAYS } from "~/core/kyc";
import { DEFAULT_STREAK_RULES } from "~/core/streak";
import type { Database } from "~/server/db/client";
import { sweepFinishedJobs } from "~/server/jobs/jobs.service";
import { purgeExpiredKycDocuments } from "~/server/kyc/kyc-retention.job";
import { forgetPastAllowances } from "~/server/ledger/ledger-allowances.job";
import { dispatchLedgerEvents } from "~/server/ledger/ledger-events.job";
import { setLedgerPolicy } from "~/server/ledger/ledger-policy";
import { recheckStalledPayouts } from "~/server/redemptions/payout-recheck.job";
import type { PayoutProvider } from "~/server/redemptions/providers/payout-provider";
import { firstEarningConsumer } from "~/server/referrals/first-earning-consumer";
import { releaseClearedReferrals } from "~/server/referrals/referrals.service";
import { streakConsumer } from "~/server/streaks/streak-consumer";
import { percentile } from "./ledger-sql";
import type { Timing } from "./scale-run";

const RUNS = 5;

/** An automatic provider that is never called: the recheck only looks for stalled payouts (there are none). */
const idleAutomaticProvider = {
  name: "tremendous",
  automatic: true,
  createPayout: () => Promise.reject(new Error("not in a bench")),
  payoutStatus: () => Promise.reject(new Error("not in a bench")),
} satisfies PayoutProvider;

export function jobs(db: Database): [string, () => Promise<unknown>][] {
  setLedgerPolicy(db, {
    limits: DEFAULT_EARNING_LIMITS,
    referralRelease: DEFAULT_REFERRAL_RELEASE,
    streakBonusCoins: DEFAULT_STREAK_RULES.bonusCoins,
  });
  return [
    ["referral.release (every 10 s)", () => releaseClearedReferrals(db)],
    [
      "ledger events: streak and first-earning consumers (every 1 s)",
      () => dispatchLedgerEvents(db, [streakConsumer(DEFAULT_STREAK_RULES), firstEarningConsumer]),
    ],
    ["ledger.allowances clean-up (hourly)", () => forgetPastAllowances(db)],
    ["kyc.retention (hourly)", () => purgeExpiredKycDocuments(db, KYC_DEFAULT_RETENTION_DAYS)],
    ["payout.recheck", () => recheckStalledPayouts({ db, payoutProvider: idleAutomaticProvider })],
    ["finished jobs sweep", () => sweepFinishedJobs(db)],
  ];
}

export async function jobRuns(db: Database, log: (line: string) => void): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const [name, run] of jobs(db)) {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    const t = {
      name,
      group: "job" as const,
      p50: percentile(ms, 50),
      p95: ms[ms.length - 1] ?? 0,
      status: 0,
      n: RUNS,
    };
    log(`  ${name}: p50 ${t.p50.toFixed(1)} ms, slowest ${t.p95.toFixed(1)} ms`);
    out.push(t);
  }
  return out;
}
