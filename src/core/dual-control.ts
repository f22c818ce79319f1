import type { Proposal } from "./api/dual-control";
import { formatDollars } from "./coins";

/**
 * Dual control (docs/product.md, "Dual control"; docs/decisions/056): a coin adjustment of more than
 * DUAL_CONTROL_COINS coins either way, or the approval of a redemption worth more than DUAL_CONTROL_DOLLARS, is
 * proposed by one administrator and takes effect only when a different administrator approves it. A threshold of
 * 0 turns that half off (an installation with one administrator). The proposals' requests and answers
 * (/api/admin/proposals) are in ./api/dual-control.ts.
 */
export interface DualControl {
  coins: number;
  dollars: number;
}

// Dollars: 25, so that with the default daily cap of $50 (REDEEM_DAILY_CAP_DOLLARS) the larger redemptions do need
// a second administrator (at 50 none could ever exceed it; ADR 056).
export const DEFAULT_DUAL_CONTROL: DualControl = { coins: 5000, dollars: 25 };

/** Whether an adjustment of `amount` coins (either way) needs a second administrator. */
export const adjustmentNeedsSecondAdmin = (rule: DualControl, amount: number) =>
  rule.coins > 0 && Math.abs(amount) > rule.coins;

/** Whether approving a redemption of `cents` needs a second administrator. */
export const redemptionNeedsSecondAdmin = (rule: DualControl, cents: number) =>
  rule.dollars > 0 && cents > rule.dollars * 100;

/** What the console's overview warns about: the halves of dual control that are turned off. */
export function dualControlWarning(rule: DualControl): string | null {
  const off = [
    rule.coins === 0 ? "coin adjustments (DUAL_CONTROL_COINS=0)" : null,
    rule.dollars === 0 ? "redemption approvals (DUAL_CONTROL_DOLLARS=0)" : null,
  ].filter((x) => x !== null);
  if (off.length === 0) return null;
  return `Dual control is off for ${off.join(" and ")}: one administrator alone can move any amount. Set the threshold above 0 once a second administrator exists.`;
}

/** The proposal in words, for the console and the confirmation before approving it. */
export function describeProposal(p: Proposal): string {
  const who = p.user.email ?? p.user.id;
  if (p.kind === "coins.adjust")
    return `${p.amount > 0 ? "+" : "−"}${groupDigits(Math.abs(p.amount))} coins ${p.amount > 0 ? "to" : "from"} ${who}`;
  return `Approve redemption #${p.redemptionId} of ${who}: ${groupDigits(p.amount)} coins ($${p.dollars ?? formatDollars(p.amount)})`;
}

/** 1070 → "1 070": digits grouped by a narrow no-break space, as the console writes amounts. */
export function groupDigits(n: number): string {
  const sign = n < 0 ? "−" : "";
  return sign + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
}
