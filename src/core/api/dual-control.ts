import { z } from "zod";
import { adminReason, roles } from "../admin";

/**
 * Dual control's contract (docs/product.md, "Dual control"; docs/decisions/056): the proposals of
 * /api/admin/proposals and the 202 answer of a change that became one. The thresholds and the proposal in words
 * are in ../dual-control.
 */

/** The changes that wait for a second administrator: one proposal shape for all four. */
export const proposalKinds = ["coins.adjust", "redemption.approve", "role.change", "kyc.approve"] as const;
export const proposalStatuses = ["proposed", "approved", "withdrawn"] as const;

const person = z.object({ id: z.string(), email: z.string().nullable() });

/** The whole case a second administrator decides on (read with the waiting proposals). */
export const proposalCaseSchema = z.object({
  /** The account's balance now, and after the adjustment (adjustments; otherwise the balance twice). */
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
  /** The account's latest coin movements, newest first (its history and recent earning). */
  history: z.array(
    z.object({
      kind: z.string(),
      amount: z.number().int(),
      reason: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** Coins the account earned in the last 7 days. */
  earnedLast7Days: z.number().int(),
  account: z.object({
    email: z.string(),
    role: z.enum(roles),
    createdAt: z.iso.datetime(),
    kycStatus: z.string(),
  }),
  /** A redemption approval: how and where it pays, and the signals to look twice; null for the other kinds. */
  redemption: z
    .object({
      method: z.string(),
      recipient: z.string(),
      signals: z.array(z.string()),
      earnings: z.array(z.object({ kind: z.string(), coins: z.number().int() })),
    })
    .nullable(),
});
export type ProposalCase = z.output<typeof proposalCaseSchema>;

/** One proposal as the console and the API show it. */
export const proposalSchema = z.object({
  id: z.number().int(),
  kind: z.enum(proposalKinds),
  status: z.enum(proposalStatuses),
  /** Whose coins, money or role: the adjusted user, the redemption's owner, or the user whose role changes. */
  user: person,
  /** Coins: the adjustment (+N / −N), or the redemption's coins; 0 for a role change. */
  amount: z.number().int(),
  /** The dollars of a redemption; null for an adjustment. */
  dollars: z.string().nullable(),
  adjustmentId: z.string().nullable(),
  redemptionId: z.number().int().nullable(),
  /** The KYC submission a KYC approval approves; null for the other kinds. */
  kycSubmissionId: z.string().nullable(),
  /** A role change's new role; null for the other kinds. */
  role: z.enum(roles).nullable(),
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

export const proposalListSchema = z.object({
  proposals: z.array(proposalSchema.extend({ case: proposalCaseSchema.nullable() })),
  /** The cursor (`after`) of the page that follows (the last proposal's id), or null when this page is the last. */
  nextCursor: z.number().int().nullable(),
});
export type ProposalList = z.output<typeof proposalListSchema>;

export const proposalListQuery = z.object({
  status: z.enum(proposalStatuses).default("proposed"),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  /** The page after this proposal id (the previous page's `nextCursor`), in the list's order. */
  after: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
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
  /** A redemption's status after it (approved); null for the other kinds. */
  redemptionStatus: z.string().nullable(),
  /** A role change's role after it; null for the other kinds. */
  role: z.enum(roles).nullable(),
  /** A KYC approval's status after it (approved); null for the other kinds. */
  kycStatus: z.string().nullable(),
});
export type ProposalApproval = z.output<typeof proposalApprovalSchema>;

/**
 * GET /api/admin/users/{userId}/dual-control: what the console needs to say before a confirmation whether it
 * becomes a proposal (the rule is cumulative, so only the server knows), and the user's waiting proposals.
 */
export const dualControlStateSchema = z.object({
  rule: z.object({
    coins: z.number().int(),
    dollars: z.number().int(),
    dailyDollars: z.number().int(),
    creditWindowDays: z.number().int(),
  }),
  /** Coins (sizes added) the asking administrator adjusted alone for this account in the last 24 hours. */
  movedAlone: z.number().int(),
  /** Cents the asking administrator moved alone across all accounts in 24 hours (credits and approved payouts). */
  movedAloneTodayCents: z.number().int(),
  /** Whether the asking administrator became one after a waiting proposal was made (then they cannot approve it). */
  adminSince: z.iso.datetime().nullable(),
  proposals: z.array(proposalSchema),
});
export type DualControlState = z.output<typeof dualControlStateSchema>;

/**
 * Why an action of the asking administrator needs a second one (the redemption queue and a KYC submission carry
 * it): `needsSecondAdmin`, and the reasons in the console's words ('You credited this account on …').
 */
export const fourEyesWhySchema = z.object({
  needsSecondAdmin: z.boolean(),
  why: z.array(z.string()),
});
export type FourEyesWhy = z.output<typeof fourEyesWhySchema>;
