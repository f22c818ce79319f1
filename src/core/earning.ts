/**
 * The earning policy's numbers, shared by server and browser (docs/product.md, "Fair earning"). Every limit counts
 * per user per UTC day; the server reads the configured values from its environment and sends them with the
 * allowance (./api/earning.ts), so the page shows what the server enforces.
 */

export interface EarningLimits {
  /** Paid Tic Tac Toe wins per day (each 10 coins). */
  tttWinsPerDay: number;
  /** Paid sessions per quiz per day; later sessions are practice. */
  quizSessionsPerDay: number;
  /** Paid watches per video per day. */
  videoWatchesPerDay: number;
  /** Referrer bonuses per rolling 30 days. */
  referralBonusesPer30Days: number;
}

export const DEFAULT_EARNING_LIMITS: EarningLimits = {
  tttWinsPerDay: 20,
  quizSessionsPerDay: 1,
  videoWatchesPerDay: 1,
  referralBonusesPer30Days: 20,
};

/**
 * When a referral pair recorded as pending is released (docs/product.md, "Referral program"): once the friend has
 * earned `coins` through their own activity on at least `days` different UTC days.
 */
export interface ReferralReleaseRule {
  coins: number;
  days: number;
}

export const DEFAULT_REFERRAL_RELEASE: ReferralReleaseRule = { coins: 300, days: 3 };

/** Guest quiz sessions per client address per hour. */
export const DEFAULT_GUEST_QUIZ_SESSIONS_PER_HOUR = 10;

/**
 * A referral bonus pair that has not cleared this many days after the friend signed up is declined (the friend
 * can no longer clear it: docs/product.md, "Referral program"); its pending coins are taken back.
 */
export const REFERRAL_EXPIRY_DAYS = 90;

/** The referrer-bonus window. */
export const REFERRAL_LIMIT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** A video counts as watched when it ended no sooner than its duration minus this after the watch started. */
export const VIDEO_END_TOLERANCE_MS = 2000;

// The day arithmetic is in ./utc-day.ts, free of zod, for the browser's "Today" panel.
export { formatResetIn, nextUtcMidnight, utcDay } from "./utc-day";

/** Why an earning action paid nothing although it succeeded. */
export type UnpaidReason = "daily-limit" | "practice" | "too-early";
