/**
 * Errors of our API as `ApiError` (the server's code and message), and `apiFetch` for the few requests that
 * cannot go through the typed client of ./api.ts: better-auth's answers, and the header's balance, which
 * loads with the entry chunk (kept off the RPC client for the first-load budget).
 */
import { notify } from "./notify";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

interface ErrorShape {
  error?: { code?: unknown; message?: unknown };
  code?: unknown;
  message?: unknown;
}

/** Our API answers `{ error: { code, message } }`; better-auth answers `{ code, message }`. */
export function toApiError(status: number, body: unknown): ApiError {
  const shape = (typeof body === "object" && body !== null ? body : {}) as ErrorShape;
  const source = shape.error ?? shape;
  const code = typeof source.code === "string" ? source.code : `HTTP_${status}`;
  const message =
    typeof source.message === "string" && source.message ? source.message : `Request failed (${status}).`;
  return new ApiError(status, code, message);
}

export const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

/** How long the 'Service Unavailable' notice waits for 'Try again' before the request fails. */
export const UNAVAILABLE_NOTICE_MS = 15_000;

let retryGate: Promise<boolean> | undefined;

/**
 * The server answered 503 (its database or cache is briefly away): one notice with the server's message and a
 * 'Try again' button, shared by every request that fails meanwhile. Resolves true when the user asks to retry,
 * false when the notice closes without it.
 */
export function askToRetry(message: string): Promise<boolean> {
  retryGate ??= new Promise<boolean>((resolve) => {
    const settle = (retry: boolean) => {
      retryGate = undefined;
      resolve(retry);
    };
    notify({
      title: "Service Unavailable",
      description: message,
      variant: "destructive",
      duration: UNAVAILABLE_NOTICE_MS,
      action: { label: "Try again", onClick: () => settle(true) },
      onClose: () => settle(false),
    });
  });
  return retryGate;
}

/**
 * `T` is the answer as src/core/api declares it (`SessionResponse`, `BalanceResponse`, …); the API tests check
 * the real answers against those schemas. A 503 asks the user to try again (askToRetry) before it fails.
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  for (;;) {
    const { res, body } = await send(path, init);
    if (res.ok) return body as T;
    const error = toApiError(res.status, body);
    if (res.status === 503 && !init.signal?.aborted && (await askToRetry(error.message))) continue;
    throw error;
  }
}

async function send(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal },
): Promise<{ res: Response; body: unknown }> {
  let res: Response;
  try {
    // A FormData body (uploads) goes as multipart/form-data, its boundary set by the browser.
    const form = init.body instanceof FormData ? init.body : undefined;
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers:
        init.body === undefined || form
          ? { accept: "application/json" }
          : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : (form ?? JSON.stringify(init.body)),
      signal: init.signal,
    });
  } catch {
    throw new ApiError(0, "NETWORK", NETWORK_MESSAGE);
  }
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  return { res, body };
}
