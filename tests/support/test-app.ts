import { randomBytes } from "node:crypto";
import { createApp } from "~/server/app";
import { createDeps, type DepsOverrides } from "~/server/create-deps";
import type { DatabaseHandle } from "~/server/db/client";
import { parseEnv, type RawEnv } from "~/server/env";
import { createLogger } from "~/server/logger";
import type { ApiClient } from "./factories";
import * as factories from "./factories";
import { inProcessClient } from "./in-process-client";
import { openTestDatabase } from "./test-db";
import { type TypedClientOptions, typedClient } from "./typed-client";

export type TestEnvOverrides = Partial<Record<keyof RawEnv, string>>;

/** Cheap argon2id for tests only (production: 19 MiB, 2 passes — see password-hash.ts). */
export const TEST_ARGON2 = { memoryCost: 256, timeCost: 1 };
/** The job worker polls often and retries soon, so tests see queued mail within a fraction of a second. */
export const TEST_JOBS = { pollMs: 100, backoff: { baseMs: 200, maxMs: 1000 }, sweep: false };

export { nextIp } from "./in-process-client";

/**
 * The real app, in-process, on a fresh database (or on `database`, e.g. a data dir a server process will open
 * next), with helpers that sign users up and in through the API.
 */
export async function createTestContext(
  overrides: TestEnvOverrides = {},
  deps: DepsOverrides = {},
  database?: DatabaseHandle,
) {
  const handle = database ?? (await openTestDatabase());
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    APP_URL: "http://localhost:3000",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    // One administrator does most tests' work: the rules across accounts (docs/product.md, "Dual control") are
    // off unless a test turns them on; the tests of those rules do.
    DUAL_CONTROL_DAILY_DOLLARS: "0",
    DUAL_CONTROL_CREDIT_WINDOW_DAYS: "0",
    ...overrides,
  });
  const logger = createLogger(env);
  const appDeps = createDeps({
    env,
    db: handle.db,
    logger,
    poolStats: handle.poolStats,
    overrides: { argon2: TEST_ARGON2, jobs: TEST_JOBS, ...deps },
  });
  appDeps.jobs.start();
  const app = createApp(appDeps);
  const appOrigin = new URL(env.appUrl).origin;

  const client: ApiClient = inProcessClient(app, appOrigin, () => appDeps.mailOutbox.idle());

  return {
    app,
    db: handle.db,
    env,
    deps: appDeps,
    kind: handle.kind,
    client,
    request: client.request,
    /** The typed API (`ctx.api({ cookie }).ledger.balance.$get()`), one fresh client address per call. */
    api: (options?: TypedClientOptions) => typedClient(app, appOrigin, options),
    /** The user's coin balance as GET /api/ledger/balance answers it. */
    async balanceOf(user: { cookie: string }): Promise<number> {
      const res = await typedClient(app, appOrigin, user).ledger.balance.$get();
      if (res.status !== 200) throw new Error(`GET /api/ledger/balance answered ${res.status}`);
      return (await res.json()).balance;
    },
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
