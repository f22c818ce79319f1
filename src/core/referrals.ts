import type { ReferralBonusStatus } from "./api/referrals";

/**
 * The referral page's rules (docs/product.md): how many friends it lists, the link a friend signs up with, and
 * the states of a bonus pair as the pages (and the data download) state them. Its request and answer schemas are
 * in ./api/referrals.ts.
 */

/** How many friends the referral page lists (the newest). */
export const REFERRED_FRIENDS_LIMIT = 100;

/** The site's origin plus /auth?ref= followed by the code (docs/product.md). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}/auth?ref=${encodeURIComponent(code)}`;
}

/**
 * A referral's bonus pair as stored (`referrals.bonus_status`): 'pending' until the friend's first earning,
 * 'clearing' while both bonuses are recorded as pending coins, 'paid' once released into both balances, 'held'
 * for review, then 'released' or 'declined'.
 */
export type ReferralBonusState = "pending" | "clearing" | "paid" | "held" | "released" | "declined";

/**
 * The pair's state as the referral page shows it ('Joined: bonus after their first earning', 'Bonus pending…',
 * 'Bonus available', …). `referrerPaid`: whether the referrer's half is part of the pair (its 30-day limit).
 */
export function referralBonusStatus(state: ReferralBonusState, referrerPaid: boolean): ReferralBonusStatus {
  if (state === "pending") return "joined";
  if (state === "clearing") return referrerPaid ? "pending" : "limit";
  if (state === "paid" || state === "released") return referrerPaid ? "paid" : "limit";
  return state;
}

/**
 * One side's own 50 coins of the pair as the wallet shows them: "pending" (recorded, shown apart from the balance,
 * not spendable), "available" (paid into the balance), or null (none recorded: before the friend's first earning,
 * held for review, declined, or — the referrer's half — past the referrer's 30-day limit).
 */
export function ownReferralBonus(
  state: ReferralBonusState,
  side: "friend" | "referrer",
  referrerPaid: boolean,
): "pending" | "available" | null {
  if (side === "referrer" && !referrerPaid) return null;
  if (state === "clearing") return "pending";
  if (state === "paid" || state === "released") return "available";
  return null;
}
