import { z } from "zod";
import { adminReason } from "../admin";

/**
 * Dual control's contract (docs/product.md, "Dual control"; docs/decisions/056): the proposals of
 * /api/admin/proposals and the 202 answer of a change that became one. The thresholds and the proposal in words
 * are in ../dual-control.
 */

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
