import { expect, it } from "vitest";
import { crashRuns } from "#tests/support/crash-run";
import { answerQuizCorrectly } from "#tests/support/earning";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";

/**
 * Referral bonuses clear exactly once across crashes (docs/product.md, "Referral program"): friends whose own
 * earnings clear the release rule at their first earning, then the real server SIGKILLed at random moments while
 * the first-earning jobs and the recurring release job run, and restarted. In the end every pair is paid exactly
 * once — one `referral_bonus` row per side, nothing left pending — and every balance equals its ledger.
 */
const KILLS = 6;
const FRIENDS = 8;

const beginRun = crashRuns("referral");

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
  const run = await beginRun();
  const env: Record<string, string> = {
    JOB_LEASE_SECONDS: "2",
    // One right quiz answer (10 coins, one day) clears the rule: the release follows the first earning.
    REFERRAL_RELEASE_COINS: "10",
    REFERRAL_RELEASE_DAYS: "1",
  };
  let server = await run.startServer(env);
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
    server = await run.startServer(env);
  }
  const base = server.url;
  await expect
    .poll(async () => (await account(base, referrer)).balance, { timeout: 120_000, interval: 500 })
    .toBe(FRIENDS * 50);

  const mine = await account(base, referrer);
  console.log(`referral release crash test (${run.kind}): kills=${KILLS}, pairs=${FRIENDS}`);
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
});
