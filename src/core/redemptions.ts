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

/** One step of a redemption's timeline: its label, whether it happened, and when (null: not yet, or not recorded). */
export interface RedemptionStep {
  label: string;
  done: boolean;
  at: string | null;
}

const step = (label: string, at: string | null, done = at !== null): RedemptionStep => ({ label, done, at });

/**
 * A redemption's timeline (docs/product.md, "Redemptions"): requested → approved → paid, or rejected (after the
 * request or after an approval whose payout failed), or cancelled by the user. Steps still to come have no time.
 */
export function redemptionTimeline(r: {
  status: RedemptionStatus;
  createdAt: string;
  approvedAt: string | null;
  decidedAt: string | null;
  paidAt: string | null;
}): RedemptionStep[] {
  const requested = step("Requested", r.createdAt);
  const approved = r.approvedAt ? [step("Approved", r.approvedAt)] : [];
  switch (r.status) {
    case "cancelled":
      return [requested, step("Cancelled", r.decidedAt, true)];
    case "rejected":
      return [requested, ...approved, step("Rejected", r.decidedAt, true)];
    case "failed":
      return [requested, ...approved, step("Payout failed", null, true), step("Paid", null)];
    default:
      return [requested, step("Approved", r.approvedAt), step("Paid", r.paidAt)];
  }
}

/** A step's time in a mail: "27 Nov 2026, 14:05 UTC" (mails do not know the reader's time zone). */
export function utcStepTime(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const time = d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `${date}, ${time} UTC`;
}

/** The timeline in one line for a mail: "Timeline: Requested 27 Nov 2026, 14:00 UTC → Approved … → Paid (not yet)". */
export function timelineLine(steps: RedemptionStep[]): string {
  const text = (s: RedemptionStep) => (s.at ? ` ${utcStepTime(s.at)}` : s.done ? "" : " (not yet)");
  return `Timeline: ${steps.map((s) => `${s.label}${text(s)}`).join(" → ")}`;
}
