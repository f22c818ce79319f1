import { z } from "zod";

/**
 * The business in numbers, day by day (UTC), for the console's charts and the player's own month. The server
 * reads these from rollups kept as money moves (docs/product.md, "Rollups"), never from scans of the ledger.
 */

/** The channels coins are issued through, in the order the charts stack them. */
export const issueChannels = [
  "game",
  "quiz",
  "video",
  "referral",
  "streak",
  "adjustment",
  "partner",
] as const;
export type IssueChannel = (typeof issueChannels)[number];

export const statsRangeSchema = z.object({
  days: z
    .enum(["30", "90"], { message: "days must be 30 or 90" })
    .default("30")
    .transform((d) => Number(d) as 30 | 90),
});

const coins = z.number().int();
const perChannel = z.object(
  Object.fromEntries(issueChannels.map((c) => [c, coins])) as Record<IssueChannel, typeof coins>,
);

/** One UTC day of the business, every figure in coins unless named otherwise. */
export const businessDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.iso.date(),
  /** Coins issued that day, per channel (positive ledger rows). */
  issued: perChannel,
  /** Coins players asked to redeem, redemptions approved, and paid out that day. */
  requested: coins,
  approved: coins,
  paidOut: coins,
  /** Coins returned to balances by rejected redemptions that day. */
  refunded: coins,
  /** Coins forfeited by accounts deleted that day. */
  breakage: coins,
  /** At the end of the day: what is owed to live accounts, and the breakage to date (kept apart). */
  liability: coins,
  breakageToDate: coins,
  signUps: z.number().int(),
  /** Distinct players who earned coins by playing that day. */
  activeEarners: z.number().int(),
});

/** How long the oldest open item of each queue has waited, now (seconds; null when the queue is empty). */
export const queueAgesSchema = z.object({
  kyc: z.number().int().nullable(),
  redemptions: z.number().int().nullable(),
  proposals: z.number().int().nullable(),
});

/** GET /api/admin/stats?days=30|90: oldest day first, one entry per day of the range (days with nothing are zeros). */
export const businessStatsSchema = z.object({
  days: z.array(businessDaySchema),
  queueAges: queueAgesSchema,
});

/** One UTC day of one player's own earning (GET /api/me/stats). */
export const playerDaySchema = z.object({
  day: z.iso.date(),
  /** Coins earned that day, per channel (game, quiz, video, referral, streak, adjustment). */
  earned: perChannel,
  /** Whether the player reached the daily goal that day. */
  goalMet: z.boolean(),
});

/** GET /api/me/stats: the player's last 30 UTC days, oldest first, one entry per day. */
export const playerStatsSchema = z.object({ days: z.array(playerDaySchema) });

export type BusinessDay = z.infer<typeof businessDaySchema>;
export type BusinessStats = z.infer<typeof businessStatsSchema>;
export type PlayerDay = z.infer<typeof playerDaySchema>;
export type PlayerStats = z.infer<typeof playerStatsSchema>;
