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
  /** A referral bonus paid with it to this user (already in `balance`); 0 for none. */
  referralBonus: z.number().int(),
  /** A streak milestone bonus paid with it (already in `balance`, not in `amount`), when this reached one. */
  streakBonus: z.object({ amount: z.number().int(), milestone: z.number().int() }).optional(),
});
