import { z } from "zod";

/**
 * GET /api/earning/allowance (docs/product.md, "Fair earning"): today's limits and what is left of them. The limits'
 * defaults are in ../earning.
 */

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
  quizzes: z.array(
    z.object({
      quizId: z.string(),
      paidSessions: count,
      left: count,
      /** The paid round of this quiz started and not finished, while it can still be answered (else null). */
      round: z
        .object({ sessionId: z.uuid(), answered: count, total: count, expiresAt: z.iso.datetime() })
        .nullable(),
    }),
  ),
  videos: z.array(z.object({ videoId: z.string(), paidWatches: count, left: count })),
});
export type Allowance = z.infer<typeof allowanceSchema>;
