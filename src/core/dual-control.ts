import { z } from "zod";
import { adminReason } from "./admin";
import { formatDollars } from "./coins";

/**
 * Dual control (docs/product.md, "Dual control"; docs/decisions/056): a coin adjustment of more than
 * DUAL_CONTROL_COINS coins either way, or the approval of a redemption worth more than DUAL_CONTROL_DOLLARS, is
 * proposed by one administrator and takes effect only when a different administrator approves it. A threshold of
 * 0 turns that half off (an installation with one administrator).
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

export const proposalKinds = ["coins.adjust", "redemption.approve"] as const;
export const proposalStatuses = ["proposed", "approved", "withdrawn"] as const;

const person = z.object({ id: z.string(), email: z.string().nullable() });

/** One proposal as the console and the API show it. */
export const proposalSchema = z.object({
  id: z.number().int(),
  kind: z.enum(proposalKinds),
  status: z.enum(proposalStatuses),
  /** Whose coins or money: the adjusted user, or the redemption's owner. */
  user: person,
  /** Coins: the adjustment (+N / −N), or the redemption's coins. */
  amount: z.number().int(),
  /** The dollars of a redemption; null for an adjustment. */
  dollars: z.string().nullable(),
  adjustmentId: z.string().nullable(),
  redemptionId: z.number().int().nullable(),
  reason: z.string().nullable(),
  proposedBy: person,
  proposedAt: z.iso.datetime(),
  decidedBy: person.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  decisionReason: z.string().nullable(),
});
export type Proposal = z.output<typeof proposalSchema>;

/** The answer of a change that became a proposal (202). */
export const proposedSchema = z.object({ proposal: proposalSchema });

export const proposalListSchema = z.object({ proposals: z.array(proposalSchema) });
export type ProposalList = z.output<typeof proposalListSchema>;

export const proposalListQuery = z.object({
  status: z.enum(proposalStatuses).default("proposed"),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const proposalIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** Withdrawing a proposal (its proposer, or another administrator declining it) needs a reason. */
export const withdrawProposalInput = z.object({ reason: adminReason });

/** POST /api/admin/proposals/{id}/approve: what the approval did. */
export const proposalApprovalSchema = z.object({
  proposal: proposalSchema,
  /** An adjustment's balance after it; null for a redemption. */
  balance: z.number().int().nullable(),
  /** A redemption's status after it (approved); null for an adjustment. */
  redemptionStatus: z.string().nullable(),
});
export type ProposalApproval = z.output<typeof proposalApprovalSchema>;

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
