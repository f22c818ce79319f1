/**
 * Redemptions: coins turned into a payout (docs/product.md, "Redemptions"). The statuses, methods and words shared
 * by the server and the browser; the request and answer shapes of /api/redemptions and /api/admin/redemptions are
 * in ./api/redemptions.ts.
 */
export const redemptionStatuses = ["pending", "approved", "paid", "rejected", "cancelled", "failed"] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

export const payoutMethods = ["paypal", "gift_card"] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

export const payoutMethodLabels: Record<PayoutMethod, string> = {
  paypal: "PayPal",
  gift_card: "Gift card by e-mail",
};

/**
 * How long each method usually takes once a request is approved (docs/product.md, "Redemptions"): shown beside the
 * method in the redeem dialog and in the 'request received' mail.
 */
export const payoutMethodDelivery: Record<PayoutMethod, string> = {
  paypal: "usually 1–3 business days after approval",
  gift_card: "usually within 2 business days after approval",
};

/** Statuses whose coins are held: requested and not yet paid or given back. */
export const heldStatuses = ["pending", "approved", "failed"] as const satisfies readonly RedemptionStatus[];

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

export const checklistKeys = ["email", "kyc", "balance", "standing"] as const;
export type ChecklistKey = (typeof checklistKeys)[number];

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
