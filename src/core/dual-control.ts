import type { Proposal } from "./api/dual-control";
import { formatCount, formatDollars } from "./coins";

/**
 * Dual control (docs/product.md, "Dual control"; docs/decisions/056 and 063). The thresholds are cumulative over a
 * rolling 24 hours: coin adjustments that one administrator makes alone for one account (their sizes added, either
 * way) stay within DUAL_CONTROL_COINS, and a user's redemptions approved by one administrator alone stay within
 * DUAL_CONTROL_DOLLARS; the action that would go past is proposed, and takes effect only when a different
 * administrator approves it. Across all accounts, what one administrator moves alone in 24 hours (coins credited by
 * adjustment and redemptions approved, in dollars) stays within DUAL_CONTROL_DAILY_DOLLARS. The administrator who
 * credited an account, or approved its KYC, within DUAL_CONTROL_CREDIT_WINDOW_DAYS never approves its payout alone,
 * and the one who credited it never approves its KYC alone; a KYC approval of a document number that another
 * account had approved needs a second administrator too. A threshold of 0 turns that rule off.
 * Granting or revoking the administrator role is always a proposal. The server decides with these same functions
 * (src/server/dual-control); the console uses them to say so before a confirmation. The proposals' requests and
 * answers (/api/admin/proposals) are in ./api/dual-control.ts.
 */
export interface DualControl {
  coins: number;
  dollars: number;
  /** What one administrator moves alone across all accounts in 24 hours, in dollars (0: off). */
  dailyDollars: number;
  /** How long the hand that credited an account (or approved its KYC) stays barred from approving alone (0: off). */
  creditWindowDays: number;
}

// Dollars: 25, so that with the default daily cap of $50 (REDEEM_DAILY_CAP_DOLLARS) the larger redemptions do need
// a second administrator (at 50 none could ever exceed it; ADR 056).
// Daily dollars: 50, twice the per-account figure, so one administrator alone pays out at most two accounts' worth of
// the per-account rule a day before a second one must look (ADR 082).
export const DEFAULT_DUAL_CONTROL: DualControl = {
  coins: 5000,
  dollars: 25,
  dailyDollars: 50,
  creditWindowDays: 30,
};

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

/**
 * Whether a movement of `cents` (a credit or an approved payout) needs a second administrator, when the same
 * administrator already moved `movedTodayCents` alone across all accounts in the last 24 hours.
 */
export const dailyTotalNeedsSecondAdmin = (rule: DualControl, cents: number, movedTodayCents = 0) =>
  rule.dailyDollars > 0 && cents > 0 && movedTodayCents + cents > rule.dailyDollars * 100;

const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/** The reasons an action needs a second administrator, in the console's words. */
export const fourEyesWords = {
  credited: (at: Date | string) =>
    `You credited this account on ${day(at)}: a different administrator must approve its payout and its KYC.`,
  approvedKyc: (at: Date | string) =>
    `You approved this account's KYC on ${day(at)}: a different administrator must approve its payout.`,
  dailyTotal: (rule: DualControl) =>
    `What you moved alone in ${DUAL_CONTROL_WINDOW_HOURS} hours across all accounts would pass $${rule.dailyDollars} (DUAL_CONTROL_DAILY_DOLLARS).`,
  perAccount: (rule: DualControl) =>
    `This user's redemptions approved by one administrator alone in ${DUAL_CONTROL_WINDOW_HOURS} hours would pass $${rule.dollars} (DUAL_CONTROL_DOLLARS).`,
  reusedDocument: "Another account's approved KYC has the same document number.",
  /** A redemption held for review (docs/product.md, "Earning partners"): its approval needs a second administrator. */
  held: (reason: string) => `Held for review: ${reason}.`,
} as const;

/** What the rule weighs about one action of one administrator (read by the server at that moment). */
export interface FourEyesFacts {
  kind: "coins.adjust" | "redemption.approve" | "kyc.approve";
  /** Coins of an adjustment (+/−) or of a redemption; 0 for a KYC approval. */
  coins: number;
  /** Cents the action adds to the administrator's daily total (credits and payouts). */
  cents: number;
  /** For the per-account thresholds: coins this administrator adjusted alone for the account, or cents of the
   * user's redemptions approved alone, in 24 hours. */
  perAccountSoFar: number;
  movedTodayCents: number;
  credited: Date | string | null;
  approvedKyc: Date | string | null;
  reusedDocument: boolean;
  /** Why the redemption is held for review (a reversal of spent coins, a burst of reversals), if it is. */
  heldReason?: string | null | undefined;
}

/** Why an action needs a second administrator, in the console's words (empty: one administrator alone may). */
export function fourEyesReasons(rule: DualControl, f: FourEyesFacts): string[] {
  const why: string[] = [];
  if (f.kind === "coins.adjust" && adjustmentNeedsSecondAdmin(rule, f.coins, f.perAccountSoFar))
    why.push(
      `Coin adjustments you make alone for one account may add up to ${formatCount(rule.coins)} coins in ${DUAL_CONTROL_WINDOW_HOURS} hours (DUAL_CONTROL_COINS).`,
    );
  if (f.kind === "redemption.approve" && redemptionNeedsSecondAdmin(rule, f.cents, f.perAccountSoFar))
    why.push(fourEyesWords.perAccount(rule));
  if (dailyTotalNeedsSecondAdmin(rule, f.cents, f.movedTodayCents)) why.push(fourEyesWords.dailyTotal(rule));
  if (f.kind !== "coins.adjust" && f.credited) why.push(fourEyesWords.credited(f.credited));
  if (f.kind === "redemption.approve" && f.approvedKyc) why.push(fourEyesWords.approvedKyc(f.approvedKyc));
  if (f.kind === "kyc.approve" && f.reusedDocument) why.push(fourEyesWords.reusedDocument);
  if (f.kind === "redemption.approve" && f.heldReason) why.push(fourEyesWords.held(f.heldReason));
  return why;
}

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
  const daily =
    rule.dailyDollars > 0
      ? `what you move alone across all accounts (coins credited and redemptions approved) may add up to $${rule.dailyDollars} in ${DUAL_CONTROL_WINDOW_HOURS} hours`
      : "what you move alone across all accounts has no daily total (DUAL_CONTROL_DAILY_DOLLARS=0)";
  const hand =
    rule.creditWindowDays > 0
      ? ` Whoever credited an account or approved its KYC in the last ${rule.creditWindowDays} days never approves its payout alone, whoever credited it never approves its KYC alone, and a KYC whose document number another account had approved needs a second administrator.`
      : " A KYC whose document number another account had approved needs a second administrator.";
  return `${coins}; ${dollars}; ${daily}. Past that, and for every change of the administrator role, the action becomes a proposal that a different administrator approves.${hand}`;
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
    rule.dailyDollars === 0 ? "one administrator's daily total (DUAL_CONTROL_DAILY_DOLLARS=0)" : null,
  ].filter((x) => x !== null);
  if (off.length === 0) return null;
  return `Dual control is off for ${off.join(" and ")}: one administrator alone can move any amount. Set the threshold above 0 once a second administrator exists.`;
}

/** The proposal in words, for the console and the confirmation before approving it. */
export function describeProposal(p: Proposal): string {
  const who = p.user.email ?? p.user.id;
  if (p.kind === "coins.adjust")
    return `${p.amount > 0 ? "+" : "−"}${formatCount(Math.abs(p.amount))} coins ${p.amount > 0 ? "to" : "from"} ${who}`;
  if (p.kind === "kyc.approve") return `Approve the KYC of ${who}`;
  if (p.kind === "role.change")
    return p.role === "admin"
      ? `Make ${who} an administrator`
      : p.role === "editor"
        ? `Make ${who} a content editor`
        : `Remove the administrator role from ${who}`;
  return `Approve redemption #${p.redemptionId} of ${who}: ${formatCount(p.amount)} coins ($${p.dollars ?? formatDollars(p.amount)})`;
}
