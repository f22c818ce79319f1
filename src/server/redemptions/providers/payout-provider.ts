import type { PayoutMethod } from "~/core/redemptions";

/** One payout as a provider is asked for it. `externalId` makes the order idempotent at the provider. */
export interface PayoutOrder {
  externalId: string;
  cents: number;
  method: PayoutMethod;
  recipient: string;
}

/** What a provider says about a payout: done, still on its way, or refused for good (with why). */
export type PayoutResult =
  | { state: "paid"; reference: string }
  | { state: "pending"; reference: string }
  | { state: "failed"; reference: string | null; reason: string };

/** Why a provider could not answer (ple_payout_provider_failures_total's reason); the job tries again later. */
export type ProviderFault = "http_5xx" | "rate_limited" | "unauthorized" | "bad_answer";

/** A provider that answered, but not with the payout's state (5xx, 429, 401/403, a body it does not understand). */
export class PayoutProviderError extends Error {
  constructor(
    readonly fault: ProviderFault,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where payouts go. `manual`: an administrator pays outside the app and records the reference; nothing is
 * called. An automatic provider (`tremendous`) is called by the payout job, outside any transaction; a thrown
 * error means "not known yet, try again" (network, 5xx, rate limit), never "failed".
 */
export interface PayoutProvider {
  name: "manual" | "tremendous";
  automatic: boolean;
  /** Creates the payout, or returns the one already created with the same `externalId`. */
  createPayout(order: PayoutOrder): Promise<PayoutResult>;
  /** The state of a payout created earlier. */
  payoutStatus(reference: string): Promise<PayoutResult>;
}

export const manualProvider: PayoutProvider = {
  name: "manual",
  automatic: false,
  createPayout() {
    return Promise.reject(new Error("manual payouts are recorded by an administrator"));
  },
  payoutStatus() {
    return Promise.reject(new Error("manual payouts are recorded by an administrator"));
  },
};

/** The payout's external id: the redemption's id, and the retry's number after an administrator's retry. */
export const payoutExternalId = (redemptionId: number, attempt: number) =>
  attempt <= 1 ? `ple-redemption-${redemptionId}` : `ple-redemption-${redemptionId}-retry-${attempt - 1}`;
