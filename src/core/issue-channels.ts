import type { IssueChannel } from "./api/stats";
import type { LedgerKind } from "./coins";

/**
 * The channel each kind of positive ledger row is issued through (docs/product.md, "Rollups"): the charts'
 * stacks. A redemption's hold is no issue and its refund returns coins issued before: neither has a channel.
 */
export const channelOfKind: Record<Exclude<LedgerKind, "redemption" | "redemption_refund">, IssueChannel> = {
  ttt_win: "game",
  quiz_correct: "quiz",
  quiz_bonus: "quiz",
  video_watch: "video",
  referral_bonus: "referral",
  streak_bonus: "streak",
  adjustment: "adjustment",
  // Partner coins are paid by the partners' revenue (docs/product.md, "Earning partners"); a reversal takes back.
  partner_credit: "partner",
  partner_reversal: "partner",
  // A debt is what a partner's reversal could not take back: its repayment takes back partner coins too.
  debt_repayment: "partner",
};

/** The channel of `kind`'s positive rows, or null when its coins are not issued (a redemption's hold or refund). */
export function issueChannelOf(kind: string): IssueChannel | null {
  return Object.hasOwn(channelOfKind, kind) ? channelOfKind[kind as keyof typeof channelOfKind] : null;
}
