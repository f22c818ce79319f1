import { z } from "zod";

/**
 * Redemptions: coins turned into a payout (docs/product.md, "Redemptions"). The request and answer shapes of
 * /api/redemptions and /api/admin/redemptions, shared by the server and the browser.
 */
export const redemptionStatuses = ["pending", "approved", "paid", "rejected", "cancelled", "failed"] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

export const payoutMethods = ["paypal", "gift_card"] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

export const payoutMethodLabels: Record<PayoutMethod, string> = {
  paypal: "PayPal",
  gift_card: "Gift card by e-mail",
};

export const redemptionStatusLabels: Record<RedemptionStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  paid: "Paid",
  rejected: "Rejected",
  cancelled: "Cancelled",
  failed: "Payout failed",
};

/** The ledger reasons of a redemption's two possible rows. */
export const redemptionReasons = {
  request: (id: number) => `Redemption request #${id}`,
  refund: (id: number) => `Refund of redemption request #${id}`,
} as const;

const email = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid e-mail address."));

/** POST /api/redemptions. The recipient defaults to the account's address. */
export const redemptionRequestSchema = z.object({
  coins: z.number().int().positive().max(100_000_000),
  method: z.enum(payoutMethods),
  recipient: email.optional(),
});
export type RedemptionRequest = z.input<typeof redemptionRequestSchema>;

/** Rejecting needs a reason the user will read. */
export const rejectRedemptionSchema = z.object({ reason: z.string().trim().min(3).max(500) });
/** Marking a manual payout paid records the payout's reference (e.g. the PayPal transaction id). */
export const markPaidSchema = z.object({ reference: z.string().trim().min(1).max(200) });

export const redemptionIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** One redemption as its owner sees it. */
export interface Redemption {
  id: number;
  coins: number;
  dollars: string;
  method: PayoutMethod;
  recipient: string;
  status: RedemptionStatus;
  /** Why it was rejected or why the payout failed. */
  reason: string | null;
  reference: string | null;
  createdAt: string;
  decidedAt: string | null;
  paidAt: string | null;
}

export interface RedemptionList {
  redemptions: Redemption[];
}

export type ChecklistKey = "email" | "kyc" | "balance" | "standing";

/** One item of the pre-cash-out checklist; `href` is where an unmet item is fixed. */
export interface ChecklistItem {
  key: ChecklistKey;
  label: string;
  ok: boolean;
  detail: string;
  href: string | null;
}

/** GET /api/redemptions/eligibility: the rules the server applies to a request, before the user tries. */
export interface RedeemEligibility {
  balance: number;
  minCoins: number;
  minDollars: string;
  dailyCapDollars: string;
  /** Dollars still available today under the daily cap. */
  remainingTodayDollars: string;
  maxPending: number;
  pending: number;
  kycRequired: boolean;
  checklist: ChecklistItem[];
  /** Every checklist item met. */
  ready: boolean;
}

/** An entry of the admin queue: the redemption, its user and what helps to judge it. */
export interface AdminRedemption extends Redemption {
  provider: "manual" | "tremendous" | null;
  user: {
    id: string;
    email: string;
    createdAt: string;
    accountAgeDays: number;
    kycStatus: string;
    /** Coins earned per ledger kind (positive rows). */
    earnings: { kind: string; coins: number }[];
  };
  /** Reasons to look twice: a recent ban, a young account, earnings mostly from referrals, a shared recipient. */
  signals: string[];
}

export interface AdminRedemptionList {
  redemptions: AdminRedemption[];
}

/** The wallet's notices for redemptions. */
export const redemptionNotices = {
  requested: (coins: number, dollars: string) => ({
    title: "Redemption Requested",
    description: `Your request to redeem ${coins} coins ($${dollars}) is pending review. The coins are held until it is paid or returned.`,
  }),
  cancelled: (coins: number) => ({
    title: "Redemption Cancelled",
    description: `${coins} coins are back in your balance.`,
  }),
  belowMinimum: (minCoins: number, minDollars: string) => ({
    title: "Below the Minimum",
    description: `The minimum redemption is ${minCoins} coins ($${minDollars}).`,
  }),
} as const;
