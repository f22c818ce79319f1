import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, inject, it } from "vitest";
import { answerQuizCorrectly } from "#tests/support/earning";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { type RunningServer, startServer } from "#tests/support/server-process";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "~/server/db/client";

/**
 * Referral bonuses clear exactly once across crashes (docs/product.md, "Referral program"): friends whose own
 * earnings clear the release rule at their first earning, then the real server SIGKILLed at random moments while
 * the first-earning jobs and the recurring release job run, and restarted. In the end every pair is paid exactly
 * once — one `referral_bonus` row per side, nothing left pending — and every balance equals its ledger.
 */
const KILLS = 6;
const FRIENDS = 8;

let dataDir: string | undefined;
let server: RunningServer | undefined;
let testDb: (DatabaseHandle & { url?: string }) | undefined;
afterAll(async () => {
  await server?.kill();
  await testDb?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Entry {
  amount: number;
  kind: string;
}

async function account(base: string, user: TestUser) {
  const client = httpClient(base);
  const balance = await (await client.request("/api/ledger/balance", { cookie: user.cookie })).json();
  const history = await (
    await client.request("/api/ledger/transactions?limit=100", { cookie: user.cookie })
  ).json();
  return { ...(balance as { balance: number; pending: number }), entries: history.entries as Entry[] };
}

it(`releases every referral pair exactly once across ${KILLS} SIGKILLs`, { timeout: 600_000 }, async () => {
  const env: Record<string, string> = {
    AUTH_RATE_LIMIT: "10000",
    MAIL_RATE_LIMIT: "10000",
    TRUST_PROXY: "true",
    JOB_LEASE_SECONDS: "2",
    // One right quiz answer (10 coins, one day) clears the rule: the release follows the first earning.
    REFERRAL_RELEASE_COINS: "10",
    REFERRAL_RELEASE_DAYS: "1",
    LOG_LEVEL: "warn",
  };
  dataDir = await mkdtemp(path.join(tmpdir(), "ple-referral-crash-"));
  env.DATA_DIR = dataDir;
  if (inject("dbKind") === "postgres") {
    testDb = await openTestDatabase({ poolMax: 2 });
    env.DATABASE_URL = testDb.url!;
  }
  server = await startServer(env);
  const client = httpClient(server.url);
  const referrer = await createVerifiedUser(client, { ip: "10.91.0.1" });
  const me = await (await client.request("/api/me", { cookie: referrer.cookie })).json();
  // Side by side: sign-up is not under test here.
  const friends: TestUser[] = await Promise.all(
    Array.from({ length: FRIENDS }, (_, i) =>
      createVerifiedUser(client, { referralCode: me.profile.referralCode, ip: `10.91.1.${i + 1}` }),
    ),
  );
  // The first earnings, each writing its job; the kills begin while those jobs and the release job run.
  await Promise.all(friends.map((friend) => answerQuizCorrectly(client, friend, 1)));
  for (let kill = 0; kill < KILLS; kill++) {
    await new Promise((r) => setTimeout(r, Math.random() * 4000));
    await server.kill();
    server = await startServer(env);
  }
  const base = server.url;
  await expect
    .poll(async () => (await account(base, referrer)).balance, { timeout: 120_000, interval: 500 })
    .toBe(FRIENDS * 50);

  const mine = await account(base, referrer);
  console.log(`referral release crash test (${inject("dbKind")}): kills=${KILLS}, pairs=${FRIENDS}`);
  expect(mine.pending).toBe(0);
  expect(mine.entries.filter((e) => e.kind === "referral_bonus")).toHaveLength(FRIENDS);
  expect(mine.entries.reduce((sum, e) => sum + e.amount, 0)).toBe(mine.balance);
  for (const friend of friends) {
    const theirs = await account(base, friend);
    expect(theirs).toMatchObject({ balance: 60, pending: 0 });
    expect(theirs.entries.filter((e) => e.kind === "referral_bonus")).toEqual([
      expect.objectContaining({ amount: 50 }),
    ]);
    expect(theirs.entries.reduce((sum, e) => sum + e.amount, 0)).toBe(60);
  }
  await server.stop();
  server = undefined;
});
