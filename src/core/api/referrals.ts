import { z } from "zod";

/**
 * The referral program's contract (docs/product.md, "Referral program"): the referral page's answer — the user's
 * code, the link a friend signs up with and, beyond the spec, the friends who joined with it, each with the state
 * of their referral bonus — and the console's review of held bonus pairs. Rules: ../referrals, ../referral-code.
 */

/** One friend who signed up with the user's code, with the state of their referral bonus. */
export const referredFriendSchema = z.object({
  /** Masked for display ("ja***@example.com"): a friend's full address is not the referrer's to see. */
  email: z.string(),
  /** ISO time the friend signed up with the code. */
  joinedAt: z.iso.datetime(),
  /**
   * "joined" until the friend's first earning; then "pending" (both 50-coin bonuses recorded, not yet
   * available) until the friend's own earnings clear the rule, then "paid" (available in both balances); or
   * "held" for an administrator's review (the same person on both sides) until released ("paid") or
   * "declined"; or "limit" (the friend's half only: the referrer's 30-day cap was reached); or "left" (declined
   * because the friend deleted their account before it was paid); or "expired" (declined because it did not become
   * available within REFERRAL_EXPIRY_DAYS of the friend's sign-up).
   */
  bonus: z.enum(["joined", "pending", "paid", "held", "declined", "limit", "left", "expired"]),
  /** While "pending" (or "limit" and not yet released): the friend's own earnings so far; else null. */
  progress: z.object({ coins: z.number().int(), days: z.number().int() }).nullable(),
  /**
   * When "paid" and the referrer's half was paid: the coins paid to the referrer and when (the page's '+50 coins
   * paid on <date>'); else null.
   */
  paid: z.object({ coins: z.number().int(), at: z.iso.datetime() }).nullable(),
});

/**
 * The user's own 50 coins when they signed up with someone's code (docs/product.md, "Referral program"): "joined"
 * until their first earning, "pending" while their own earnings clear the rule (`progress`), "paid", "held" for
 * review, "declined" by an administrator, or "left" (declined because the account that invited them was deleted), or "expired" (declined at the time limit).
 */
export const ownReferralBonusSchema = z.object({
  bonus: z.enum(["joined", "pending", "paid", "held", "declined", "left", "expired"]),
  coins: z.number().int(),
  /** While "pending": the user's own earnings so far; else null. */
  progress: z.object({ coins: z.number().int(), days: z.number().int() }).nullable(),
});
export type OwnReferralBonus = z.output<typeof ownReferralBonusSchema>;

/** GET /api/referrals: the user's code, the link a friend signs up with, and the friends who joined with it. */
export const referralsViewSchema = z.object({
  /** Null when the user has no profile yet (the page shows 'Could not fetch your referral code.'). */
  code: z.string().nullable(),
  link: z.string().nullable(),
  /** Newest first, at most REFERRED_FRIENDS_LIMIT. */
  friends: z.array(referredFriendSchema),
  /** The release rule: a pending pair becomes available once the friend has earned `coins` on `days` UTC days. */
  release: z.object({ coins: z.number().int(), days: z.number().int() }),
  /** The user's own bonus when they signed up with someone's code; null when nobody referred them. */
  ownBonus: ownReferralBonusSchema.nullable(),
});

/** GET /api/referrals/codes/:code — the code as the link carries it (any case; the server normalises it). */
export const referralCodeParam = z.object({ code: z.string().min(1).max(100) });

/**
 * GET /api/referrals/codes/:code: whether a sign-up with this code would be referred (a user has it), so the
 * `?ref=` landing promises a bonus only for a code that gives one (docs/product.md, "Referral program").
 */
export const referralCodeCheckSchema = z.object({ valid: z.boolean() });
export type ReferralCodeCheck = z.output<typeof referralCodeCheckSchema>;

/** "paid" once the friend's first earning paid the 50-coin bonus pair (ledger cause `referral:<friendId>:friend`). */
export type ReferralBonusStatus = ReferredFriend["bonus"];
export type ReferredFriend = z.output<typeof referredFriendSchema>;
export type ReferralsView = z.output<typeof referralsViewSchema>;

/** GET /api/admin/referrals/held?page=N (REFERRAL_REVIEWS_PAGE_SIZE a page, in ../admin). */
export const referralReviewsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** POST /api/admin/referrals/:referredId/release and …/decline, with `{ reason }` (reasonInput of ./admin). */
export const referredIdParam = z.object({ referredId: z.string().min(1).max(100) });

/** One held referral bonus pair, the friend's and the referrer's accounts side by side. */
export const heldReferralSchema = z.object({
  referredId: z.string(),
  friendEmail: z.string(),
  friendSignupIp: z.string().nullable(),
  referrerId: z.string(),
  referrerEmail: z.string(),
  referrerSignupIp: z.string().nullable(),
  /** When the friend signed up with the referrer's code. */
  referredAt: z.string(),
  why: z.string(),
});
export type HeldReferral = z.output<typeof heldReferralSchema>;

export const heldReferralPageSchema = z.object({
  items: z.array(heldReferralSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type HeldReferralPage = z.output<typeof heldReferralPageSchema>;

export const referralDecisionSchema = z.object({
  referredId: z.string(),
  status: z.enum(["released", "declined"]),
  /** Coins paid to the friend and to the referrer (0 when declined, or the referrer's 30-day limit was reached). */
  friendCoins: z.number().int(),
  referrerCoins: z.number().int(),
  auditId: z.number().int(),
});
export type ReferralDecision = z.output<typeof referralDecisionSchema>;
