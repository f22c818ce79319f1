import { z } from "zod";

/** GET /api/streak: the daily goal, the streak and its history (src/core/streak.ts; docs/product.md). */

const count = z.number().int().min(0);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const streakViewSchema = z.object({
  rules: z.object({
    goalCoins: count,
    bonusCoins: count,
    bonusEveryDays: count,
    freezeEveryDays: count,
    maxFreezes: count,
  }),
  today: z.object({
    day,
    /** Coins counted toward today's goal (wins, quiz answers and bonuses, video watches). */
    coins: count,
    met: z.boolean(),
    /** ISO time of the next UTC midnight, when today ends. */
    endsAt: z.iso.datetime(),
  }),
  current: count,
  longest: count,
  freezesHeld: count,
  nextMilestone: count,
  /** The last 28 days, oldest first, ending today. */
  days: z.array(z.object({ day, coins: count, state: z.enum(["met", "frozen", "missed", "open"]) })),
  /** Freezes earned and used, resets and milestones, newest first (at most 20). */
  events: z.array(
    z.object({
      day,
      kind: z.enum(["freeze-earned", "freeze-used", "reset", "milestone"]),
      streak: count,
    }),
  ),
  /** Milestone bonuses paid, newest first (at most 20). */
  bonuses: z.array(z.object({ amount: z.number().int(), reason: z.string(), createdAt: z.iso.datetime() })),
});

export type StreakView = z.output<typeof streakViewSchema>;
