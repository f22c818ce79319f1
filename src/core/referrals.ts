/**
 * The referral page's contract (SPEC §2 Referral, §7): the user's code, the link a friend signs up with, and
 * — beyond the spec — the friends who joined with the code, each with the state of their referral bonus.
 */

/**
 * "pending" until the friend's first earning; then "paid" (the 50-coin pair), "held" for an administrator's
 * review (the friend signed up from the referrer's address) until released ("paid") or "declined", or
 * "limit" (the friend's half paid, the referrer's not: 20 referrer bonuses per 30 days at most).
 */
export type ReferralBonusStatus = "pending" | "paid" | "held" | "declined" | "limit";

export interface ReferredFriend {
  /** Masked for display ("ja***@example.com"): a friend's full address is not the referrer's to see. */
  email: string;
  /** ISO time the friend signed up with the code. */
  joinedAt: string;
  bonus: ReferralBonusStatus;
}

export interface ReferralsView {
  /** Null when the user has no profile yet (the page shows 'Could not fetch your referral code.'). */
  code: string | null;
  link: string | null;
  /** Newest first, at most `REFERRED_FRIENDS_LIMIT`. */
  friends: ReferredFriend[];
}

/** How many friends the referral page lists (the newest). */
export const REFERRED_FRIENDS_LIMIT = 100;

/** The site's origin plus /auth?ref= followed by the code (SPEC §7). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}/auth?ref=${encodeURIComponent(code)}`;
}
