import { z } from "zod";

/**
 * The earning policy's numbers and the allowance contract, shared by server and browser (docs/product.md,
 * "Fair earning"). Every limit counts per user per UTC day; the server reads the configured values from its
 * environment and sends them with the allowance, so the page shows what the server enforces.
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

/** Guest quiz sessions per client address per hour. */
export const DEFAULT_GUEST_QUIZ_SESSIONS_PER_HOUR = 10;

/** The referrer-bonus window. */
export const REFERRAL_LIMIT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** A video counts as watched when it ended no sooner than its duration minus this after the watch started. */
export const VIDEO_END_TOLERANCE_MS = 2000;

/** "2026-11-23": the UTC day an earning counts against. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The next UTC midnight after `at`: when every daily limit starts over. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** "5 h 12 min", "3 min", "less than a minute": the time until the allowance resets. */
export function formatResetIn(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const count = z.number().int().min(0);

export const allowanceSchema = z.object({
  /** The UTC day these counts belong to. */
  day: z.string(),
  /** ISO time of the next reset (UTC midnight). */
  resetsAt: z.string(),
  limits: z.object({
    tttWinsPerDay: count,
    quizSessionsPerDay: count,
    videoWatchesPerDay: count,
    referralBonusesPer30Days: count,
  }),
  ticTacToe: z.object({ paidWins: count, left: count }),
  quizzes: z.array(z.object({ quizId: z.string(), paidSessions: count, left: count })),
  videos: z.array(z.object({ videoId: z.string(), paidWatches: count, left: count })),
});
export type Allowance = z.infer<typeof allowanceSchema>;

/** Why an earning action paid nothing although it succeeded. */
export type UnpaidReason = "daily-limit" | "practice" | "too-early";
