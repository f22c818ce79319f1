import { z } from "zod";

/** Answers of /api/me, /api/ledger and /api/referrals. */
export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  profile: z.object({ points: z.number().int(), referralCode: z.string() }),
});

export const balanceResponseSchema = z.object({
  balance: z.number().int(),
  /** Coins recorded but not yet in the balance: referral bonuses while they clear (docs/product.md). */
  pending: z.number().int(),
});

/** One row of the user's coin ledger. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  reason: z.string(),
  /** Positive for earnings; negative for anything that takes coins away. */
  amount: z.number().int(),
  createdAt: z.iso.datetime(),
});

export const transactionsPageSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});

export const referredFriendSchema = z.object({
  /** Masked for display ("ja***@example.com"): a friend's full address is not the referrer's to see. */
  email: z.string(),
  /** ISO time the friend signed up with the code. */
  joinedAt: z.iso.datetime(),
  /**
   * "joined" until the friend's first earning; then "pending" (both 50-coin bonuses recorded, not yet
   * available) until the friend's own earnings clear the rule, then "paid" (available in both balances); or
   * "held" for an administrator's review (the same person on both sides) until released ("paid") or
   * "declined"; or "limit" (the friend's half only: the referrer's 30-day cap was reached).
   */
  bonus: z.enum(["joined", "pending", "paid", "held", "declined", "limit"]),
  /** While "pending" (or "limit" and not yet released): the friend's own earnings so far; else null. */
  progress: z.object({ coins: z.number().int(), days: z.number().int() }).nullable(),
});

export const referralsViewSchema = z.object({
  /** Null when the user has no profile yet (the page shows 'Could not fetch your referral code.'). */
  code: z.string().nullable(),
  link: z.string().nullable(),
  /** Newest first, at most REFERRED_FRIENDS_LIMIT. */
  friends: z.array(referredFriendSchema),
  /** The release rule: a pending pair becomes available once the friend has earned `coins` on `days` UTC days. */
  release: z.object({ coins: z.number().int(), days: z.number().int() }),
});

export type BalanceResponse = z.output<typeof balanceResponseSchema>;
export type MeResponse = z.output<typeof meResponseSchema>;
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;
export type TransactionsPage = z.output<typeof transactionsPageSchema>;
