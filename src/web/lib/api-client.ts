/** The one way the browser calls our API: JSON in, JSON out, errors as `ApiError` with the server's code and message. */

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

export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
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
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
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
