import { z } from "zod";
import { checklistKeys, payoutMethods, redemptionStatuses } from "../redemptions";
import { wordsField } from "../words";
import { proposalSchema } from "./dual-control";

/**
 * The redemptions contract (docs/product.md, "Redemptions"): the requests and answers of /api/redemptions and
 * /api/admin/redemptions. The statuses, methods, labels and notices are in ../redemptions.
 */

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email("Enter a valid e-mail address."))
  .meta({ format: "email" });

/** POST /api/redemptions. The recipient defaults to the account's address. */
export const redemptionRequestSchema = z.object({
  coins: z.number().int().positive().max(100_000_000),
  method: z.enum(payoutMethods),
  recipient: email.optional(),
});
export type RedemptionRequest = z.input<typeof redemptionRequestSchema>;

/** Rejecting needs a reason the user will read. */
export const rejectRedemptionSchema = z.object({
  reason: wordsField({
    min: 3,
    max: 500,
    tooShort: "Give a reason of at least 3 characters.",
    tooLong: "Keep the reason under 500 characters.",
  }),
  /**
   * Rejecting an approved (manual) payout refunds its coins, so the administrator confirms that it was not paid
   * by hand: `notPaid: true`, or the server refuses (docs/product.md, "Redemptions").
   */
  notPaid: z.boolean().optional(),
});
/**
 * Marking a manual payout paid records the payout's reference (e.g. the PayPal transaction id): the proof of the
 * payout, so it is words (src/core/words.ts) — a reference of zero-width spaces or private-use characters reads
 * empty and is refused with 400.
 */
export const markPaidSchema = z.object({
  reference: wordsField({
    min: 1,
    max: 200,
    tooShort: "Enter the payout's reference.",
    tooLong: "Keep the reference under 200 characters.",
  }),
});

export const redemptionIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** One redemption as its owner sees it. */
export const redemptionSchema = z.object({
  id: z.number().int(),
  coins: z.number().int(),
  dollars: z.string(),
  method: z.enum(payoutMethods),
  recipient: z.string(),
  status: z.enum(redemptionStatuses),
  /** Why it was rejected or why the payout failed. */
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** When it was approved (the timeline's second step; kept if its payout failed and it was rejected later). */
  approvedAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
});
export type Redemption = z.output<typeof redemptionSchema>;

export const redemptionListSchema = z.object({ redemptions: z.array(redemptionSchema) });
export type RedemptionList = z.output<typeof redemptionListSchema>;

/** A request or a cancellation: the redemption and the balance after it. */
export const redemptionChangeSchema = z.object({ redemption: redemptionSchema, balance: z.number().int() });
export type RedemptionChange = z.output<typeof redemptionChangeSchema>;

/** One item of the pre-cash-out checklist; `href` is where an unmet item is fixed. */
export const checklistItemSchema = z.object({
  key: z.enum(checklistKeys),
  label: z.string(),
  ok: z.boolean(),
  detail: z.string(),
  href: z.string().nullable(),
});
export type ChecklistItem = z.output<typeof checklistItemSchema>;

/** GET /api/redemptions/eligibility: the rules the server applies to a request, before the user tries. */
export const redeemEligibilitySchema = z.object({
  balance: z.number().int(),
  minCoins: z.number().int(),
  minDollars: z.string(),
  dailyCapDollars: z.string(),
  /** Dollars still available today under the daily cap. */
  remainingTodayDollars: z.string(),
  maxPending: z.number().int(),
  pending: z.number().int(),
  kycRequired: z.boolean(),
  /** Coins of requests not yet paid or given back (pending, approved, payout failed): held, not in `balance`. */
  onHoldCoins: z.number().int(),
  /** Coins of requests paid out, ever. */
  paidOutCoins: z.number().int(),
  checklist: z.array(checklistItemSchema),
  /** Every checklist item met. */
  ready: z.boolean(),
});
export type RedeemEligibility = z.output<typeof redeemEligibilitySchema>;

/** An entry of the admin queue: the redemption, its user and what helps to judge it. */
export const adminRedemptionSchema = redemptionSchema.extend({
  provider: z.enum(["manual", "tremendous"]).nullable(),
  user: z.object({
    id: z.string(),
    email: z.string(),
    createdAt: z.iso.datetime(),
    accountAgeDays: z.number().int(),
    kycStatus: z.string(),
    /** Coins earned per ledger kind (positive rows). */
    earnings: z.array(z.object({ kind: z.string(), coins: z.number().int() })),
  }),
  /** Reasons to look twice: a recent ban, a young account, earnings mostly from referrals, a shared recipient. */
  signals: z.array(z.string()),
  /**
   * Dual control (docs/product.md): whether approving this pending redemption now becomes a proposal (the rule is
   * cumulative, so the server says it), and the proposal already waiting for a second administrator.
   */
  fourEyes: z.object({
    needsSecondAdmin: z.boolean(),
    /** Why, in the console's words, for the asking administrator ('You credited this account on …'). */
    why: z.array(z.string()),
    proposal: proposalSchema.pick({ id: true, proposedBy: true, proposedAt: true }).nullable(),
  }),
});
export type AdminRedemption = z.output<typeof adminRedemptionSchema>;

/** How this installation pays: "tremendous" orders each approved payout at once; "manual" waits for 'Mark paid'. */
export const payoutModeSchema = z.enum(["manual", "tremendous"]);
export type PayoutMode = z.output<typeof payoutModeSchema>;

/**
 * A place in the console's redemption queue, as the queue hands it out: the row's rank in the queue's order
 * (0 pending, 1 payout failed, 2 approved, 3 the rest) and its key within the rank (the id for pending, oldest
 * first; minus the id for the rest, newest first), as `rank.key`.
 */
export const redemptionQueueCursor = z
  .string()
  .max(40)
  .regex(/^[0-3]\.-?[1-9][0-9]{0,14}$/, "This is not a place in the redemption queue.")
  .meta({ examples: ["0.1", "3.-1"] });

export const adminRedemptionListSchema = z.object({
  redemptions: z.array(adminRedemptionSchema),
  payoutMode: payoutModeSchema,
  /** The cursor (`after`) of the page that follows, or null when this page is the last. */
  nextCursor: z.string().nullable(),
});
export type AdminRedemptionList = z.output<typeof adminRedemptionListSchema>;

/** An administrator's decision on a redemption answers the redemption as it now stands. */
export const redemptionDecisionSchema = z.object({ redemption: redemptionSchema });
