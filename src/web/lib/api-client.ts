/**
 * Errors of our API as `ApiError` (the server's code and message), and `apiCall` for the few requests that
 * cannot go through the typed client of ./api.ts: better-auth's answers, and the header's balance, which
 * loads with the entry chunk (kept off the RPC client for the first-load budget). `apiCall` never trusts an
 * answer's shape: it passes it through a parser — a zod schema of src/core/api, or for the entry chunk's two
 * requests a small checker beside them (zod would not fit the first-load budget) — so its type comes from the
 * contract, with no cast.
 */
import { notify } from "./notify";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A failure on the server's side: the request's id, as in the server's log (the answer's `error.requestId`). */
  readonly requestId: string | undefined;
  /** A refused import (INVALID_IMPORT): each bad row of the file, its number and why. */
  readonly rows: { row: number; reason: string }[];

  constructor(
    status: number,
    code: string,
    message: string,
    requestId?: string,
    rows: { row: number; reason: string }[] = [],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.rows = rows;
  }
}

const isRow = (value: unknown): value is { row: number; reason: string } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { row?: unknown }).row === "number" &&
  typeof (value as { reason?: unknown }).reason === "string";

interface ErrorShape {
  error?: { code?: unknown; message?: unknown; requestId?: unknown; rows?: unknown };
  code?: unknown;
  message?: unknown;
  requestId?: unknown;
}

/** Our API answers `{ error: { code, message } }` (5xx: and `requestId`); better-auth answers `{ code, message }`. */
export function toApiError(status: number, body: unknown): ApiError {
  const shape = (typeof body === "object" && body !== null ? body : {}) as ErrorShape;
  const source = shape.error ?? shape;
  const code = typeof source.code === "string" ? source.code : `HTTP_${status}`;
  const message =
    typeof source.message === "string" && source.message ? source.message : `Request failed (${status}).`;
  const requestId = typeof source.requestId === "string" ? source.requestId : undefined;
  const rows = Array.isArray(shape.error?.rows) ? shape.error.rows.filter(isRow) : [];
  return new ApiError(status, code, message, requestId, rows);
}

/**
 * What a notice about a failed request adds as 'Reference …' (docs/product.md, 'Notices'): the request's id when
 * the server failed (5xx), so that support can find its log lines; nothing for any other error.
 */
export function referenceOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 500 ? error.requestId : undefined;
}

let sessionGone: (() => void) | undefined;

/**
 * Who hears that a request found no session (session.ts registers itself, so this module imports nothing of
 * it): the app moves to signed-out at once when the session ended elsewhere (docs/product.md "Signed out elsewhere").
 */
export function onSessionGone(listener: () => void): void {
  sessionGone = listener;
}

/** Tells the listener when `error` says the request's session is gone (401 UNAUTHORIZED / LOGIN_REQUIRED). */
export function reportIfSessionGone(error: ApiError): void {
  // The codes with which a request that needs an account finds none: its session ended (or never was).
  if (error.code === "UNAUTHORIZED" || error.code === "LOGIN_REQUIRED") sessionGone?.();
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
export function askToRetry(message: string, reference?: string): Promise<boolean> {
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
      reference,
      action: { label: "Try again", onClick: () => settle(true) },
      onClose: () => settle(false),
    });
  });
  return retryGate;
}

/** What checks an answer and gives it its type: a zod schema (its `parse`) or a checker with the same shape. */
export interface AnswerParser<T> {
  parse(body: unknown): T;
}

export const BAD_ANSWER_MESSAGE = "The server's answer was not understood. Reload the page and try again.";

/**
 * Sends the request and checks a successful answer with `parser` (an answer of another shape fails with
 * BAD_ANSWER). A 503 asks the user to try again (askToRetry) before it fails.
 */
export async function apiCall<T>(
  path: string,
  parser: AnswerParser<T>,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  for (;;) {
    const { res, body } = await send(path, init);
    if (res.ok) {
      try {
        return parser.parse(body);
      } catch {
        throw new ApiError(res.status, "BAD_ANSWER", BAD_ANSWER_MESSAGE);
      }
    }
    const error = toApiError(res.status, body);
    reportIfSessionGone(error);
    if (res.status === 503 && !init.signal?.aborted && (await askToRetry(error.message, error.requestId)))
      continue;
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
