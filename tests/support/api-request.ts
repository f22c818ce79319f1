import type { ApiRequest } from "./factories";

/**
 * What an ApiRequest becomes, as a browser on `appOrigin` sends it: GET unless it has a body, JSON or a form as
 * the body, the cookie, and the Origin header on non-GET requests (unless `origin` says otherwise).
 */
export function requestInit(options: ApiRequest, appOrigin: string) {
  const method =
    options.method ??
    (options.json === undefined && options.body === undefined && options.form === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? (method === "GET" ? null : appOrigin) : options.origin;
  if (origin) headers.origin = origin;
  const body = options.json !== undefined ? JSON.stringify(options.json) : (options.form ?? options.body);
  return { method, headers, body };
}
