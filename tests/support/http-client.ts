import { requestInit } from "./api-request";
import type { ApiClient, ApiRequest } from "./factories";

/**
 * An ApiClient over real HTTP, for a server in another process. With TRUST_PROXY=true on that server,
 * `ip` is sent as X-Forwarded-For so tests can act as many clients.
 */
export function httpClient(baseUrl: string): ApiClient {
  const origin = new URL(baseUrl).origin;
  return {
    request(path, options: ApiRequest = {}) {
      const { method, headers, body } = requestInit(options, origin);
      // The socket is loopback already (the server runs here); `local` only leaves the proxy header off.
      if (options.ip && !options.local) headers["x-forwarded-for"] = options.ip;
      return fetch(new URL(path, baseUrl), { method, headers, body, redirect: "manual" });
    },
  };
}
