import type { ApiClient, ApiRequest } from "./factories";

/**
 * An ApiClient over real HTTP, for a server in another process. With TRUST_PROXY=true on that server,
 * `ip` is sent as X-Forwarded-For so tests can act as many clients.
 */
export function httpClient(baseUrl: string): ApiClient {
  const origin = new URL(baseUrl).origin;
  return {
    request(path, options: ApiRequest = {}) {
      const method =
        options.method ??
        (options.json === undefined && options.body === undefined && options.form === undefined
          ? "GET"
          : "POST");
      const headers: Record<string, string> = { ...options.headers };
      if (options.json !== undefined) headers["content-type"] = "application/json";
      if (options.cookie) headers.cookie = options.cookie;
      // The socket is loopback already (the server runs here); `local` only leaves the proxy header off.
      if (options.ip && !options.local) headers["x-forwarded-for"] = options.ip;
      const sendOrigin = options.origin === undefined ? (method === "GET" ? null : origin) : options.origin;
      if (sendOrigin) headers.origin = sendOrigin;
      const body = options.json !== undefined ? JSON.stringify(options.json) : (options.form ?? options.body);
      return fetch(new URL(path, baseUrl), { method, headers, body, redirect: "manual" });
    },
  };
}
