import { type ClientResponse, DetailedError, hc, parseResponse } from "hono/client";
import type { AppType } from "~/server/app";
import { ApiError, askToRetry, NETWORK_MESSAGE, reportIfSessionGone, toApiError } from "./api-client";

/**
 * How the features call our API: `call(() => api.referrals.$get())`, typed end to end by the server's routes
 * (whose answers are the schemas of src/core/api), so a changed answer breaks the web's type-check (ADR 034).
 * `AppType` is a type-only import: no server code reaches the bundle.
 */
export const api = hc<AppType>("/api");

/**
 * Sends a typed request; answers its parsed 2xx body, or throws `ApiError` (a failure → the server's code).
 * A 503 (database or cache briefly away) asks the user to try again first, and sends the request again if so.
 */
export async function call<R extends ClientResponse<unknown>>(request: () => Promise<R>) {
  for (;;) {
    let failure: ApiError;
    try {
      return await parseResponse(request());
    } catch (error) {
      if (!(error instanceof DetailedError)) throw new ApiError(0, "NETWORK", NETWORK_MESSAGE);
      const detail: unknown = error.detail;
      const data = typeof detail === "object" && detail !== null && "data" in detail ? detail.data : null;
      failure = toApiError(error.statusCode ?? 0, data ?? null);
    }
    reportIfSessionGone(failure);
    if (failure.status === 503 && (await askToRetry(failure.message, failure.requestId))) continue;
    throw failure;
  }
}
