/**
 * The referral page's contract (docs/product.md): the user's code, the link a friend signs up with, and
 * — beyond the spec — the friends who joined with the code, each with the state of their referral bonus.
 */
import type { z } from "zod";
import type { referralsViewSchema, referredFriendSchema } from "./api/account";

/** "paid" once the friend's first earning paid the 50-coin bonus pair (ledger cause `referral:<friendId>:friend`). */
export type ReferralBonusStatus = ReferredFriend["bonus"];
export type ReferredFriend = z.output<typeof referredFriendSchema>;
/** The referral page's answer; the schema is in src/core/api/account.ts. */
export type ReferralsView = z.output<typeof referralsViewSchema>;

/** How many friends the referral page lists (the newest). */
export const REFERRED_FRIENDS_LIMIT = 100;

/** The site's origin plus /auth?ref= followed by the code (docs/product.md). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}/auth?ref=${encodeURIComponent(code)}`;
}
