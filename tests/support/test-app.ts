import { createApp } from "~/server/app";
import { parseEnv, type RawEnv } from "~/server/env";
import { createLogger } from "~/server/logger";
import { openTestDatabase } from "./test-db";

export type TestEnvOverrides = Partial<Record<keyof RawEnv, string>>;

/** The real app, in-process, on a fresh database. */
export async function createTestContext(overrides: TestEnvOverrides = {}) {
  const handle = await openTestDatabase();
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    APP_URL: "http://localhost:3000",
    ...overrides,
  });
  const logger = createLogger(env);
  const app = createApp({ env, db: handle.db, logger });
  return {
    app,
    db: handle.db,
    env,
    kind: handle.kind,
    close: () => handle.close(),
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
