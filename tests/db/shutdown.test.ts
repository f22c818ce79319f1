import { afterAll, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client";
import { createVerifiedUser } from "../support/factories";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server-process";
import { openTestDatabase } from "../support/test-db";

/** SIGTERM under load: requests already being answered finish, then the process closes its pools and exits 0. */
let server: RunningServer | undefined;
let testDb: (DatabaseHandle & { url?: string }) | undefined;
afterAll(async () => {
  await server?.kill();
  await server?.stop();
  await testDb?.close();
});

it("SIGTERM stops accepting, finishes in-flight requests and exits 0 within its bound", async () => {
  const env: Record<string, string> = {
    AUTH_RATE_LIMIT: "10000",
    VIDEO_WATCH_LIMIT: "100000",
    LOG_LEVEL: "info",
  };
  if (inject("dbKind") === "postgres") {
    testDb = await openTestDatabase({ poolMax: 2 });
    env.DATABASE_URL = testDb.url ?? "";
  }
  server = await startServer(env);
  const client = httpClient(server.url);
  const user = await createVerifiedUser(client);
  const inFlight = Array.from({ length: 6 }, () =>
    client
      .request("/api/videos/tutorial-get-started/watches", { method: "POST", cookie: user.cookie })
      .then((res) => res.status)
      .catch(() => 0),
  );
  await new Promise((r) => setTimeout(r, 20));
  const { code, ms } = await server.terminate();
  const statuses = await Promise.all(inFlight);
  expect(code).toBe(0);
  expect(ms).toBeLessThan(12_000);
  // Sent before the signal: each was answered (201, a watch started), or never reached the closing server (0) —
  // never a 5xx.
  expect(statuses.filter((s) => s !== 201 && s !== 0)).toEqual([]);
  expect(statuses).toContain(201);
  expect(server.output()).toMatch(/"msg":"shut down"/);
});
