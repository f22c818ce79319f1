import { z } from "zod";

/**
 * What an earning action answers as `earned` (null when it paid nothing): the coins it paid, why, and the
 * user's new balance as the server counts it. One shape for games, quizzes and videos.
 */
export const earnedSchema = z.object({
  amount: z.number().int(),
  reason: z.string(),
  balance: z.number().int(),
  /** The (last) ledger row that paid it, for support and audits. */
  entryId: z.number().int(),
  /**
   * Always 0: a referral bonus is never paid with an earning any more — it is recorded as pending and clears
   * later (docs/product.md, "Referral program"). Kept for the answer's shape.
   */
  referralBonus: z.number().int(),
  /** The user's coins today (UTC) towards the daily goal after it, as the ledger counts them. */
  goalCoinsToday: z.number().int().optional(),
  /** A streak milestone bonus paid with it (already in `balance`, not in `amount`), when this reached one. */
  streakBonus: z.object({ amount: z.number().int(), milestone: z.number().int() }).optional(),
});
/** What an earning action answers as `earned` (null when it paid nothing). */
export type Earned = z.output<typeof earnedSchema>;
