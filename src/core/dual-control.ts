import type { Proposal } from "./api/dual-control";
import { formatCount, formatDollars } from "./coins";

/**
 * Dual control (docs/product.md, "Dual control"; docs/decisions/056 and 063). The thresholds are cumulative over a
 * rolling 24 hours: coin adjustments that one administrator makes alone for one account (their sizes added, either
 * way) stay within DUAL_CONTROL_COINS, and a user's redemptions approved by one administrator alone stay within
 * DUAL_CONTROL_DOLLARS; the action that would go past is proposed, and takes effect only when a different
 * administrator approves it. A threshold of 0 turns that half off (an installation with one administrator).
 * Granting or revoking the administrator role is always a proposal. The server decides with these same functions
 * (src/server/dual-control); the console uses them to say so before a confirmation. The proposals' requests and
 * answers (/api/admin/proposals) are in ./api/dual-control.ts.
 */
export interface DualControl {
  coins: number;
  dollars: number;
}

// Dollars: 25, so that with the default daily cap of $50 (REDEEM_DAILY_CAP_DOLLARS) the larger redemptions do need
// a second administrator (at 50 none could ever exceed it; ADR 056).
export const DEFAULT_DUAL_CONTROL: DualControl = { coins: 5000, dollars: 25 };

/** The rolling window of the cumulative thresholds. */
export const DUAL_CONTROL_WINDOW_HOURS = 24;

/**
 * Whether an adjustment of `amount` coins (either way) needs a second administrator, when the same administrator
 * already moved `movedAlone` coins (sizes added) for the same account alone in the last 24 hours.
 */
export const adjustmentNeedsSecondAdmin = (rule: DualControl, amount: number, movedAlone = 0) =>
  rule.coins > 0 && movedAlone + Math.abs(amount) > rule.coins;

/**
 * Whether approving a redemption of `cents` needs a second administrator, when `approvedAlone` cents of the same
 * user's redemptions were approved by one administrator alone in the last 24 hours.
 */
export const redemptionNeedsSecondAdmin = (rule: DualControl, cents: number, approvedAlone = 0) =>
  rule.dollars > 0 && approvedAlone + cents > rule.dollars * 100;

/** What the console says before a confirmation that will become a proposal. */
export const NEEDS_SECOND_ADMIN = "Needs a second administrator: this becomes a proposal";

/** The rule in the console's words (docs/product.md, "Dual control"). */
export function dualControlRule(rule: DualControl): string {
  const coins =
    rule.coins > 0
      ? `Coin adjustments you make alone for one account may add up to ${formatCount(rule.coins)} coins (either way) in ${DUAL_CONTROL_WINDOW_HOURS} hours`
      : "Coin adjustments need no second administrator (DUAL_CONTROL_COINS=0)";
  const dollars =
    rule.dollars > 0
      ? `a user's redemptions approved by one administrator alone may add up to $${rule.dollars} in ${DUAL_CONTROL_WINDOW_HOURS} hours`
      : "redemption approvals need no second administrator (DUAL_CONTROL_DOLLARS=0)";
  return `${coins}; ${dollars}. Past that, and for every change of the administrator role, the action becomes a proposal that a different administrator approves.`;
}

/** 'Awaiting a second administrator (proposed by …, …)': what the console shows instead of 'Approve'. */
export function awaitingSecondAdmin(p: Pick<Proposal, "proposedBy" | "proposedAt">): string {
  const when = new Date(p.proposedAt).toISOString().slice(0, 16).replace("T", " ");
  return `Awaiting a second administrator (proposed by ${p.proposedBy.email ?? p.proposedBy.id}, ${when} UTC)`;
}

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
    return `${p.amount > 0 ? "+" : "−"}${formatCount(Math.abs(p.amount))} coins ${p.amount > 0 ? "to" : "from"} ${who}`;
  if (p.kind === "role.change")
    return p.role === "admin" ? `Make ${who} an administrator` : `Remove the administrator role from ${who}`;
  return `Approve redemption #${p.redemptionId} of ${who}: ${formatCount(p.amount)} coins ($${p.dollars ?? formatDollars(p.amount)})`;
}
