import { requestInit } from "./api-request";
import type { ApiClient, ApiRequest } from "./factories";

let ipCounter = 0;
/** A client address no other request of this process has used. */
export function nextIp(): string {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

interface InProcessApp {
  request(
    path: string,
    init: RequestInit,
    env: { incoming: { socket: { remoteAddress: string } } },
  ): Response | Promise<Response>;
}

/**
 * An ApiClient that calls the app in this process (no HTTP), as a browser of the app's own origin would: for API
 * tests and the dev seed. Each request comes from a fresh client address unless `ip` is given.
 */
export function inProcessClient(
  app: InProcessApp,
  appOrigin: string,
  mailSettled?: () => Promise<void>,
): ApiClient {
  return {
    async request(path, options: ApiRequest = {}) {
      return app.request(path, requestInit(options, appOrigin), {
        incoming: { socket: { remoteAddress: options.local ? "127.0.0.1" : (options.ip ?? nextIp()) } },
      });
    },
    ...(mailSettled ? { mailSettled } : {}),
  };
}
