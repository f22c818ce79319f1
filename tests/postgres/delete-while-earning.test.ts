import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { deleteAccount, deletionOutcome, quizAnswers } from "#tests/support/delete-while-earning";
import { makeVideosInstant } from "#tests/support/earning";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { type RunningServer, startServer } from "#tests/support/server-process";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "~/server/db/client";

/**
 * Deleting the account on one server process while earning requests run on another, on one PostgreSQL database
 * (docs/product.md, "Deleting the account"; ADR 067): video watches (whose one statement checks the session, then
 * waits for the award's lock) and quiz answers go to process A, the deletion to process B. No coin is paid after
 * the deletion: its forfeited amount (answer and audit row) is the profile's final balance, which equals the
 * ledger. In each of 20 rounds 10 awarding loops run beside the deletion, and no answer of either process is a
 * 500: a deadlock or serialization failure between two money transactions is retried, never a server error.
 */
const ROUNDS = 20;
const LOOPS = 10;

let db: DatabaseHandle & { url?: string };
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  if (inject("dbKind") !== "postgres") throw new Error("runs on PostgreSQL only");
  db = await openTestDatabase({ poolMax: 2 });
  const env = {
    DATABASE_URL: db.url ?? "",
    DATABASE_POOL_MAX: "10",
    AUTH_SECRET: `delete-while-earning-${randomUUID()}`,
    AUTH_RATE_LIMIT: "10000",
    MAIL_RATE_LIMIT: "10000",
    VIDEO_WATCH_LIMIT: "100000",
    EARN_VIDEO_WATCHES_PER_DAY: "100000",
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
  };
  await makeVideosInstant(db.db);
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.close();
});

const balanceOf = async (userId: string) =>
  (await db.db.selectFrom("user_profiles").select("points").where("id", "=", userId).executeTakeFirst())
    ?.points ?? 0;

/** One watch started and completed on `base`; the answers' statuses go to `statuses`, their bodies are dropped. */
async function watch(base: string, user: TestUser, statuses: number[]): Promise<void> {
  const client = httpClient(base);
  const started = await client.request("/api/videos/tutorial-get-started/watches", {
    method: "POST",
    cookie: user.cookie,
  });
  statuses.push(started.status);
  if (started.status !== 201) return void (await started.body?.cancel());
  const { watch } = (await started.json()) as { watch: { id: string } };
  const done = await client.request(`/api/videos/watches/${watch.id}/complete`, {
    method: "POST",
    cookie: user.cookie,
  });
  statuses.push(done.status);
  await done.body?.cancel();
}

it(`pays nothing after a deletion made on another process and answers no 500, in ${ROUNDS} rounds`, {
  timeout: 300_000,
}, async () => {
  const clientA = httpClient(a.url);
  const outcomes = [];
  const statuses: number[] = [];
  // Signed up side by side beforehand: sign-up is not under test here.
  const users = await Promise.all(
    Array.from({ length: ROUNDS }, (_, u) => createVerifiedUser(clientA, { ip: `10.93.0.${u + 1}` })),
  );
  for (const [u, user] of users.entries()) {
    const answers = await quizAnswers(clientA, user);
    const stop = { now: false };
    const earning = [
      ...Array.from({ length: LOOPS }, async () => {
        while (!stop.now) await watch(a.url, user, statuses);
      }),
      ...answers.map(async (answer) => {
        const res = await answer();
        statuses.push(res.status);
        await res.body?.cancel();
      }),
    ];
    // The deletion goes to B once A has paid some coins, with more of A's requests on their way.
    await expect
      .poll(async () => (await balanceOf(user.id)) >= 10 * (2 + (u % 6)), { timeout: 60_000, interval: 20 })
      .toBe(true);
    const deletion = await deleteAccount(httpClient(b.url), user);
    stop.now = true;
    await Promise.allSettled(earning);
    outcomes.push(await deletionOutcome(db.db, user, deletion));
  }
  const counts = Object.fromEntries(
    [...new Set(statuses)].map((s) => [s, statuses.filter((t) => t === s).length]),
  );
  console.log(
    `delete while earning (two processes): answers ${JSON.stringify(counts)}, ${JSON.stringify(outcomes)}`,
  );
  expect(outcomes).toHaveLength(ROUNDS);
  expect(statuses.length).toBeGreaterThanOrEqual(ROUNDS * 10);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  for (const o of outcomes) {
    expect(o.status).toBe(200);
    expect(o.finalBalance).toBe(o.ledgerSum);
    expect(o.forfeitedCoins).toBe(o.finalBalance);
    expect(o.auditForfeited).toBe(o.finalBalance);
  }
});
