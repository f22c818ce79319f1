import { type ClientResponse, DetailedError, hc, parseResponse } from "hono/client";
import type { AppType } from "~/server/app";

/**
 * How the browser calls our API: `call(() => api.ledger.balance.$get())`, typed end to end by the server's
 * routes (whose answers are the schemas of src/core/api) — a changed answer breaks the web's type-check
 * (ADR 034). Errors arrive as `ApiError` with the server's code and message.
 */

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
function toApiError(status: number, body: unknown): ApiError {
  const shape = (typeof body === "object" && body !== null ? body : {}) as ErrorShape;
  const source = shape.error ?? shape;
  const code = typeof source.code === "string" ? source.code : `HTTP_${status}`;
  const message =
    typeof source.message === "string" && source.message ? source.message : `Request failed (${status}).`;
  return new ApiError(status, code, message);
}

const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

/** The API under /api, typed by the server's `AppType` (a type-only import: no server code in the bundle). */
export const api = hc<AppType>("/api");

/** Sends a typed request; answers its parsed 2xx body, or throws `ApiError` (a failure → the server's code). */
export async function call<R extends ClientResponse<unknown>>(request: () => Promise<R>) {
  try {
    return await parseResponse(request());
  } catch (error) {
    if (error instanceof DetailedError) {
      const detail = error.detail as { data?: unknown } | undefined;
      throw toApiError(error.statusCode ?? 0, detail?.data ?? null);
    }
    throw new ApiError(0, "NETWORK", NETWORK_MESSAGE);
  }
}

/**
 * For the account endpoints under /api/auth, which better-auth answers (untyped for `hc`): `T` is their
 * answer as src/core/api/auth.ts declares it, which the API tests check the real answers against.
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers:
        init.body === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
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
  if (!res.ok) throw toApiError(res.status, body);
  return body as T;
}
