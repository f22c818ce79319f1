/**
 * The background work of `npm run bench:scale`: each periodic job's run (what serve.ts schedules and the periodic
 * tasks of create-deps.ts), called as the worker calls it, timed over a few runs on the database, after catching
 * up any backlog the load left (events of the earning load, referrals past the time limit), as a live database
 * would have: the figures are of the steady state's runs, p50 and the slowest.
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
import { expireReferrals } from "~/server/referrals/referrals.service";
import { releaseConsumer } from "~/server/referrals/release-consumer";
import { rollupsConsumer } from "~/server/rollups/rollups-consumer";
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

/** A periodic job: its one run, and how to catch up first when the loaded data leaves it a backlog. */
interface Job {
  name: string;
  run: () => Promise<unknown>;
  /** Runs until nothing is left (the steady state a live database is in), before the timed runs. */
  drain?: () => Promise<number>;
}

export function jobs(db: Database): Job[] {
  setLedgerPolicy(db, {
    limits: DEFAULT_EARNING_LIMITS,
    referralRelease: DEFAULT_REFERRAL_RELEASE,
    streakBonusCoins: DEFAULT_STREAK_RULES.bonusCoins,
  });
  const consumers = [
    streakConsumer(DEFAULT_STREAK_RULES),
    firstEarningConsumer,
    releaseConsumer,
    rollupsConsumer,
  ];
  const events = () => dispatchLedgerEvents(db, consumers);
  return [
    {
      name: "ledger events: streak, first earning, referral release, rollups (every 1 s)",
      run: events,
      drain: async () =>
        Object.values(await dispatchLedgerEvents(db, consumers, { graceMs: 0 })).reduce((a, b) => a + b, 0),
    },
    {
      name: "referral.expire (every 60 s)",
      run: () => expireReferrals(db),
      // The loaded referrals older than the time limit are a backlog a live database would have worked off.
      drain: async () => {
        const done = await expireReferrals(db, new Date(), 1000);
        return done.released + done.declined;
      },
    },
    { name: "ledger.allowances clean-up (hourly)", run: () => forgetPastAllowances(db) },
    { name: "kyc.retention (hourly)", run: () => purgeExpiredKycDocuments(db, KYC_DEFAULT_RETENTION_DAYS) },
    {
      name: "payout.recheck",
      run: () => recheckStalledPayouts({ db, payoutProvider: idleAutomaticProvider }),
    },
    { name: "finished jobs sweep", run: () => sweepFinishedJobs(db) },
  ];
}

export async function jobRuns(db: Database, log: (line: string) => void): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const { name, run, drain } of jobs(db)) {
    if (drain) {
      let caught = 0;
      for (let n = await drain(); n > 0; n = await drain()) caught += n;
      if (caught) log(`  ${name}: caught up ${caught} first`);
    }
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
