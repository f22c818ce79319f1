import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, inject, it } from "vitest";
import { answerQuizCorrectly } from "#tests/support/earning";
import type { Redemption } from "~/core/api/redemptions";
import type { DatabaseHandle } from "~/server/db/client";
import { type ApiClient, createVerifiedUser, type TestUser, uniqueEmail } from "../support/factories";
import { type FakeTremendous, startFakeTremendous } from "../support/fake-tremendous";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server-process";
import { openTestDatabase } from "../support/test-db";

/**
 * Payouts survive a crash: the real server is SIGKILLed right after an approval (before the payout job has
 * called the provider) and again while the provider call is in flight. After each restart the job runs again
 * and the redemption is paid once: the provider sees one external id, one order.
 */
let dataDir: string | undefined;
let server: RunningServer | undefined;
let fake: FakeTremendous | undefined;
let testDb: (DatabaseHandle & { url?: string }) | undefined;
afterAll(async () => {
  await server?.kill();
  await fake?.close();
  await testDb?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<T>;
}

const QUIZZES = ["general", "science", "history"] as const;
let payouts = 0;

async function requestPayout(client: ApiClient, user: TestUser, admin: TestUser): Promise<Redemption> {
  // 10 coins to redeem: one right quiz answer (each quiz pays one session a day, so a new quiz each time).
  await answerQuizCorrectly(client, user, 1, QUIZZES[payouts++ % QUIZZES.length]);
  const { redemption } = await json<{ redemption: Redemption }>(
    await client.request("/api/redemptions", {
      method: "POST",
      cookie: user.cookie,
      json: { coins: 10, method: "paypal" },
    }),
  );
  await json(
    await client.request(`/api/admin/redemptions/${redemption.id}/approve`, {
      method: "POST",
      cookie: admin.cookie,
      json: {},
    }),
  );
  return redemption;
}

async function statusOf(client: ApiClient, user: TestUser, id: number) {
  const { redemptions } = await json<{ redemptions: Redemption[] }>(
    await client.request("/api/redemptions", { cookie: user.cookie }),
  );
  return redemptions.find((r) => r.id === id)?.status;
}

it("a payout interrupted by kill -9 resumes after the restart and pays once", {
  timeout: 300_000,
}, async () => {
  fake = await startFakeTremendous();
  const adminEmail = uniqueEmail("admin");
  const env: Record<string, string> = {
    TREMENDOUS_API_KEY: fake.apiKey,
    TREMENDOUS_API_URL: fake.url,
    REDEEM_REQUIRE_KYC: "false",
    REDEEM_MIN_COINS: "10",
    ADMIN_EMAILS: adminEmail,
    JOB_LEASE_SECONDS: "3",
    LOG_LEVEL: "warn",
  };
  // One DATA_DIR across the restarts on both databases: it keeps the generated AUTH_SECRET, so the sessions
  // made before a kill stay valid after it (and PGlite's files).
  dataDir = await mkdtemp(path.join(tmpdir(), "ple-payout-crash-"));
  env.DATA_DIR = dataDir;
  if (inject("dbKind") === "postgres") {
    testDb = await openTestDatabase({ poolMax: 2 });
    env.DATABASE_URL = testDb.url!;
  }
  server = await startServer(env);
  let client = httpClient(server.url);
  const [user, admin] = await Promise.all([
    createVerifiedUser(client),
    createVerifiedUser(client, { email: adminEmail }),
  ]);

  // 1. Killed right after the approval committed: the job has not called the provider yet.
  const first = await requestPayout(client, user, admin);
  await server.kill();
  const callsBeforeRestart = fake.creates.length;
  server = await startServer(env);
  client = httpClient(server.url);
  await expect.poll(() => statusOf(client, user, first.id), { timeout: 60_000, interval: 250 }).toBe("paid");

  // 2. Killed while the provider call is in flight: the order exists at the provider, its answer is lost.
  fake.hold = true;
  const second = await requestPayout(client, user, admin);
  await expect
    .poll(() => fake!.creates.length, { timeout: 60_000, interval: 50 })
    .toBeGreaterThan(callsBeforeRestart + 1);
  await server.kill();
  fake.hold = false;
  server = await startServer(env);
  client = httpClient(server.url);
  await expect.poll(() => statusOf(client, user, second.id), { timeout: 60_000, interval: 250 }).toBe("paid");

  const externalIds = fake.creates.map((c) => c.externalId);
  console.log(
    `payout crash test (${inject("dbKind")}): provider calls=${externalIds.length}, orders=${fake.orders.size}, calls before the first restart=${callsBeforeRestart}`,
  );
  expect(new Set(externalIds)).toEqual(
    new Set([`ple-redemption-${first.id}`, `ple-redemption-${second.id}`]),
  );
  expect(externalIds.filter((id) => id === `ple-redemption-${second.id}`).length).toBeGreaterThanOrEqual(2);
  expect(fake.orders.size).toBe(2);
  const { balance } = await json<{ balance: number }>(
    await client.request("/api/ledger/balance", { cookie: user.cookie }),
  );
  const { entries } = await json<{ entries: { amount: number; kind: string }[] }>(
    await client.request("/api/ledger/transactions?limit=100", { cookie: user.cookie }),
  );
  expect(balance).toBe(0);
  expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
  expect(entries.filter((e) => e.kind === "redemption")).toHaveLength(2);
  expect(entries.filter((e) => e.kind === "redemption_refund")).toHaveLength(0);
  await server.stop();
  server = undefined;
});
