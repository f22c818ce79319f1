import type { OwnReferralBonus, ReferralBonusStatus } from "./api/referrals";
import { REFERRAL_BONUS_COINS } from "./coins";
import { REFERRAL_EXPIRY_DAYS } from "./earning";
import { dayAndMonth } from "./partners";

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

/**
 * Why a declined pair was declined, where no administrator decided it: "left" (the other side's account was deleted, docs/product.md
 * "Deleting the account") or "expired" (the time limit, docs/product.md "Referral program": both accounts still there);
 * null for any other pair (an administrator's decision, or not declined).
 */
export function declinedWithoutDecision(
  state: ReferralBonusState,
  decidedAt: Date | string | null,
  otherDeleted: boolean,
): "left" | "expired" | null {
  if (state !== "declined" || decidedAt !== null) return null;
  return otherDeleted ? "left" : "expired";
}

/** The referred user's own half as their pages show it (the friend's half is never limited). */
export function ownReferralBonusStatus(
  state: ReferralBonusState,
  why: "left" | "expired" | null,
): OwnReferralBonus["bonus"] {
  if (why) return why;
  if (state === "pending") return "joined";
  if (state === "clearing") return "pending";
  if (state === "paid" || state === "released") return "paid";
  return state;
}

/** Why a pair is held, in words for both sides: it names no one and no signal (docs/product.md, "Same person"). */
export const HELD_REFERRAL_REASON =
  "Our automatic check found that the two accounts may be used by the same person (they share a browser, a network address or a mailbox).";

/** What happens to a held pair next, for both sides. */
export const HELD_REFERRAL_NEXT =
  "An administrator reviews it: if released, both bonuses are paid at once; if declined, neither is. The result shows here.";

/** "110 of 300 coins, 1 of 3 days": a pending bonus's progress towards the release rule, capped at the rule. */
export function releaseProgressText(
  progress: { coins: number; days: number },
  release: { coins: number; days: number },
): string {
  const coins = Math.min(progress.coins, release.coins);
  const days = Math.min(progress.days, release.days);
  return `${coins} of ${release.coins} coins, ${days} of ${release.days} ${release.days === 1 ? "day" : "days"}`;
}

/**
 * The wallet's words for the pending coins (after '+N Coins pending: '): whose earnings they wait for — the
 * friends' (the referrer's halves), the user's own (the half of a referred user), or both.
 */
export function pendingBonusNote(
  view: { ownBonus: { bonus: string } | null; friends: { bonus: string }[] },
  release: { coins: number; days: number },
): string {
  const own = view.ownBonus?.bonus === "pending";
  const friends = view.friends.some((f) => f.bonus === "pending");
  if (own && friends)
    return "referral bonuses, available once your own earnings and your friends' clear (see Referral).";
  if (own)
    return `your referral bonus, available once you have earned ${release.coins} coins of your own on ${release.days} different days (see Referral).`;
  return "referral bonuses, available once your friend's earnings clear (see Referral).";
}

/**
 * A friend's pending referral bonus as the wallet and dashboard list pending coins (docs/product.md, "Referral
 * program"; ADR 105): its release has no date of its own — it waits for the friend's earnings — so the line names
 * what it waits for and the last day it can clear (REFERRAL_EXPIRY_DAYS after the friend joined):
 * '+50 coins available once ja***@example.com has earned 100 coins on 3 days, by 12 Dec (so far 40 coins on 1 day)'.
 */
export function referralPendingLine(
  friend: { email: string; joinedAt: string; progress: { coins: number; days: number } | null },
  release: { coins: number; days: number },
): string {
  const lastDay = new Date(new Date(friend.joinedAt).getTime() + REFERRAL_EXPIRY_DAYS * 86_400_000);
  const so = friend.progress
    ? ` (so far ${friend.progress.coins} coins on ${friend.progress.days} ${friend.progress.days === 1 ? "day" : "days"})`
    : "";
  return `+${REFERRAL_BONUS_COINS} coins available once ${friend.email} has earned ${release.coins} coins on ${release.days} days, by ${dayAndMonth(lastDay.toISOString())}${so}`;
}
