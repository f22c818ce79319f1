import type { EarningKind } from "~/core/coins";
import {
  DEFAULT_EARNING_LIMITS,
  DEFAULT_REFERRAL_RELEASE,
  type EarningLimits,
  type ReferralReleaseRule,
} from "~/core/earning";
import { DEFAULT_STREAK_RULES } from "~/core/streak";
import type { Database } from "../db/client";

/**
 * The ledger's own policy (docs/product.md, "Fair earning" and "Referral program"): which daily limit an earning
 * counts against and how many it allows, the referrer's 30-day limit and when a pending referral pair is
 * released. It reaches the ledger once, when the app is built (`setLedgerPolicy` in create-deps.ts), for the
 * database handle the app uses; callers of award() say only what happened, and the referral rules read their
 * numbers here.
 */
export interface LedgerPolicy {
  limits: EarningLimits;
  referralRelease: ReferralReleaseRule;
  /** Coins of a streak milestone's bonus (STREAK_BONUS_COINS; docs/product.md, "Daily goal and streak"). */
  streakBonusCoins: number;
}

export const DEFAULT_LEDGER_POLICY: LedgerPolicy = {
  limits: DEFAULT_EARNING_LIMITS,
  referralRelease: DEFAULT_REFERRAL_RELEASE,
  streakBonusCoins: DEFAULT_STREAK_RULES.bonusCoins,
};

const policies = new WeakMap<Database, LedgerPolicy>();

/** Makes `policy` the policy of every award on `db` (app construction; tests and benches with their own). */
export function setLedgerPolicy(db: Database, policy: Partial<LedgerPolicy>): void {
  policies.set(db, { ...DEFAULT_LEDGER_POLICY, ...policy });
}

/** Holds the awards made inside `trx` (a transaction of `db`) to `db`'s policy. */
export function inheritLedgerPolicy(trx: Database, db: Database): void {
  const policy = policies.get(db);
  if (policy) policies.set(trx, policy);
}

/** The policy awards on `db` are held to (the defaults when none was set). */
export function ledgerPolicy(db: Database): LedgerPolicy {
  return policies.get(db) ?? DEFAULT_LEDGER_POLICY;
}

/**
 * How many awards of `kind` a user's daily allowance holds, or null for a kind without one. The allowance is per
 * UTC day of when the earning happened, and per video for a watch: its key is built by the award itself (SQL
 * `ledger_limit_key`, sql/ledger-limit-key.sql), which counts the user's rows of that key.
 */
export function dailyLimitOf(limits: EarningLimits, kind: EarningKind): number | null {
  switch (kind) {
    case "ttt_win":
      return limits.tttWinsPerDay;
    case "video_watch":
      return limits.videoWatchesPerDay;
    default:
      // Quiz answers and bonuses: a quiz's paid sessions are counted when the session starts (quizzes.service.ts).
      return null;
  }
}
