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

/** One signed-in session of the user, as /account lists it (GET /api/account/sessions). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome 131 on Linux", parsed from the stored user agent; "Unknown device" without one. */
  device: z.string(),
  /** The client address the session signed in from, as stored (no geolocation is looked up). */
  ipAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When the session was last refreshed (better-auth renews it at most once a day while it is used). */
  lastActiveAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The session of the request that asked. */
  current: z.boolean(),
});

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const sessionsEndedSchema = z.object({ ended: z.number().int().nonnegative() });

/** POST /api/account/delete. */
export const accountDeletedSchema = z.object({
  deleted: z.literal(true),
  /** Coins the account still held, forfeited with it. */
  forfeitedCoins: z.number().int().nonnegative(),
  /** Pending redemptions cancelled (and refunded to the balance) before the deletion. */
  cancelledRedemptions: z.array(z.number().int()),
});

export type AccountSession = z.output<typeof accountSessionSchema>;
export type AccountSessions = z.output<typeof accountSessionsSchema>;
export type AccountDeleted = z.output<typeof accountDeletedSchema>;
