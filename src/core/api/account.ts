import { z } from "zod";

/** Answers of /api/me, /api/ledger and /api/referrals. */
export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  profile: z.object({ points: z.number().int(), referralCode: z.string() }),
});

export const balanceResponseSchema = z.object({ balance: z.number().int() });

/** One row of the user's coin ledger. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  reason: z.string(),
  /** Positive for earnings; negative for anything that takes coins away. */
  amount: z.number().int(),
  createdAt: z.iso.datetime(),
  /**
   * The quiz session a quiz row belongs to (its answers and its completion bonus), so the wallet shows one entry
   * per session; null for every other row.
   */
  quizSession: z.object({ id: z.string(), quizName: z.string() }).nullable(),
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
   * "pending" until the friend's first earning; then "paid" (the 50-coin pair), "held" for an administrator's
   * review (the friend signed up from the referrer's address) until released ("paid") or "declined", or
   * "limit" (the friend's half paid, the referrer's not: the referrer's 30-day cap was reached).
   */
  bonus: z.enum(["pending", "paid", "held", "declined", "limit"]),
});

export const referralsViewSchema = z.object({
  /** Null when the user has no profile yet (the page shows 'Could not fetch your referral code.'). */
  code: z.string().nullable(),
  link: z.string().nullable(),
  /** Newest first, at most REFERRED_FRIENDS_LIMIT. */
  friends: z.array(referredFriendSchema),
});

export type BalanceResponse = z.output<typeof balanceResponseSchema>;
export type MeResponse = z.output<typeof meResponseSchema>;
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;
export type TransactionsPage = z.output<typeof transactionsPageSchema>;
