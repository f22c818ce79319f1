import { z } from "zod";
import {
  type PayoutOrder,
  type PayoutProvider,
  PayoutProviderError,
  type PayoutResult,
} from "./payout-provider";

export interface TremendousConfig {
  apiKey: string;
  /** e.g. https://testflight.tremendous.com (sandbox) or https://www.tremendous.com. */
  apiUrl: string;
  fundingSourceId: string;
  campaignId: string | undefined;
}

const orderAnswer = z.object({
  order: z.object({
    id: z.string().min(1),
    external_id: z.string().nullish(),
    status: z.string(),
  }),
});

const errorAnswer = z.object({ errors: z.object({ message: z.string() }).passthrough() }).partial();

/** Tremendous order states: EXECUTED is paid; CANCELED and FAILED are final; anything else is on its way. */
function resultOf(order: { id: string; status: string }): PayoutResult {
  const status = order.status.toUpperCase();
  if (status === "EXECUTED") return { state: "paid", reference: order.id };
  if (status === "CANCELED" || status === "FAILED")
    return { state: "failed", reference: order.id, reason: `Tremendous order ${status.toLowerCase()}` };
  return { state: "pending", reference: order.id };
}

const TIMEOUT_MS = 20_000;

/**
 * Tremendous's REST API (`/api/v2/orders`): an order per payout with `external_id`, which Tremendous keeps
 * unique — a repeated create answers the first order — so a retry after a crash cannot pay twice. The campaign
 * (TREMENDOUS_CAMPAIGN_ID) decides the catalogue the recipient chooses from (PayPal, gift cards).
 */
export function tremendousProvider(config: TremendousConfig): PayoutProvider {
  /**
   * `init.refusalIsFinal`: whether a 4xx answer (other than 401, 403, 429) is Tremendous refusing the order for
   * good. Only a create can be refused; a status read that is not answered with the order (404 included)
   * proves nothing about it, so it throws and is asked again later.
   */
  async function call(
    path: string,
    init: { method: string; body?: unknown; refusalIsFinal: boolean },
  ): Promise<PayoutResult> {
    const res = await fetch(`${config.apiUrl}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.status >= 500) throw new PayoutProviderError("http_5xx", `Tremendous answered ${res.status}`);
    if (res.status === 429)
      throw new PayoutProviderError("rate_limited", `Tremendous answered ${res.status}`);
    if (res.status === 401 || res.status === 403)
      throw new PayoutProviderError("unauthorized", `Tremendous answered ${res.status}`);
    if (!res.ok && !init.refusalIsFinal)
      throw new PayoutProviderError(
        "bad_answer",
        `Tremendous answered ${res.status} to ${init.method} ${path}: the order's state is unknown`,
      );
    if (!res.ok) {
      const message = errorAnswer.safeParse(json).data?.errors?.message;
      return {
        state: "failed",
        reference: null,
        reason: `Tremendous refused the order: ${message ?? res.status}`,
      };
    }
    const parsed = orderAnswer.safeParse(json);
    if (!parsed.success)
      throw new PayoutProviderError(
        "bad_answer",
        `Tremendous answered ${res.status} with an unexpected body`,
      );
    return resultOf(parsed.data.order);
  }

  return {
    name: "tremendous",
    automatic: true,
    createPayout(order: PayoutOrder) {
      return call("/api/v2/orders", {
        method: "POST",
        refusalIsFinal: true,
        body: {
          external_id: order.externalId,
          payment: { funding_source_id: config.fundingSourceId },
          reward: {
            ...(config.campaignId ? { campaign_id: config.campaignId } : {}),
            value: { denomination: order.cents / 100, currency_code: "USD" },
            recipient: { name: order.recipient, email: order.recipient },
            delivery: { method: "EMAIL" },
          },
        },
      });
    },
    payoutStatus(reference: string) {
      return call(`/api/v2/orders/${encodeURIComponent(reference)}`, {
        method: "GET",
        refusalIsFinal: false,
      });
    },
  };
}
