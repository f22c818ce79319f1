import { createApp } from "~/server/app";
import { createDeps, type DepsOverrides } from "~/server/create-deps";
import { parseEnv, type RawEnv } from "~/server/env";
import { createLogger } from "~/server/logger";
import type { ApiClient, ApiRequest } from "./factories";
import * as factories from "./factories";
import { openTestDatabase } from "./test-db";

export type TestEnvOverrides = Partial<Record<keyof RawEnv, string>>;

/** Cheap argon2id for tests only (production: 19 MiB, 2 passes — see password-hash.ts). */
export const TEST_ARGON2 = { memoryCost: 256, timeCost: 1 };
/** The job worker polls often and retries soon, so tests see queued mail within a fraction of a second. */
export const TEST_JOBS = { pollMs: 100, backoff: { baseMs: 200, maxMs: 1000 }, sweep: false };

let ipCounter = 0;
/** A client address no other request of this test run has used. */
export function nextIp(): string {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The real app, in-process, on a fresh database, with helpers that sign users up and in through the API. */
export async function createTestContext(overrides: TestEnvOverrides = {}, deps: DepsOverrides = {}) {
  const handle = await openTestDatabase();
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    APP_URL: "http://localhost:3000",
    ...overrides,
  });
  const logger = createLogger(env);
  const appDeps = createDeps({
    env,
    db: handle.db,
    logger,
    overrides: { argon2: TEST_ARGON2, jobs: TEST_JOBS, ...deps },
  });
  appDeps.jobs.start();
  const app = createApp(appDeps);
  const appOrigin = new URL(env.appUrl).origin;

  const client: ApiClient = {
    async request(path, options: ApiRequest = {}) {
      const method =
        options.method ??
        (options.json === undefined && options.body === undefined && options.form === undefined
          ? "GET"
          : "POST");
      const headers: Record<string, string> = { ...options.headers };
      if (options.json !== undefined) headers["content-type"] = "application/json";
      if (options.cookie) headers.cookie = options.cookie;
      const origin = options.origin === undefined ? (method === "GET" ? null : appOrigin) : options.origin;
      if (origin) headers.origin = origin;
      const body = options.json !== undefined ? JSON.stringify(options.json) : (options.form ?? options.body);
      return app.request(
        path,
        { method, headers, body },
        {
          incoming: { socket: { remoteAddress: options.ip ?? nextIp() } },
        },
      );
    },
    mailSettled: () => appDeps.mailOutbox.idle(),
  };

  return {
    app,
    db: handle.db,
    env,
    deps: appDeps,
    kind: handle.kind,
    client,
    request: client.request,
    signUp: (email: string, password: string, extra?: Parameters<typeof factories.signUp>[3]) =>
      factories.signUp(client, email, password, extra),
    verifyEmail: (email: string) => factories.verifyEmail(client, email),
    signIn: (email: string, password: string, options?: { ip?: string }) =>
      factories.signIn(client, email, password, options),
    createVerifiedUser: (options?: Parameters<typeof factories.createVerifiedUser>[1]) =>
      factories.createVerifiedUser(client, options),
    mailTo: (to: string) => factories.mailTo(client, to),
    async close() {
      await appDeps.mailOutbox.idle();
      await appDeps.jobs.stop();
      await handle.close();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
