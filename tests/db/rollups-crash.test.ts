import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { crashRuns } from "#tests/support/crash-run";
import { createVerifiedUser, type TestUser, uniqueEmail } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import {
  booksFromProfiles,
  expectRollupsEqualRebuild,
  randomStep,
  type Workload,
} from "#tests/support/rollups";
import type { RunningServer } from "#tests/support/server-process";
import type { AwardInput } from "~/server/ledger/ledger.service";

/**
 * The daily figures across kill -9 (docs/product.md, "Rollups"): a process pays awards through the ledger and is
 * SIGKILLed right after they commit, before any consumer took their events; then the real server runs a random
 * mix of adjustments, redemptions (requested, approved, paid, rejected, cancelled), sign-ups and deletions over
 * HTTP while it takes those events, and is SIGKILLed mid-run, again and again, and restarted. In the end the
 * rollups equal their rebuild from the ledger and the source tables, and what they say is owed and forfeited is
 * what the profiles hold.
 */
const USERS = 4;
const KILLS = 3;
const LOOPS = 4;

const beginRun = crashRuns("rollups");

/** The server's last warning and error lines (pino levels 40 and 50): what a 5xx names as its cause. */
const lastProblems = (server: RunningServer) =>
  server
    .output()
    .split("\n")
    .filter((line) => /"level":(40|50)/.test(line))
    .slice(-6)
    .join("\n");

/** Random steps until the server stops answering (it was killed); answers how many steps ran. */
async function runUntilKilled(w: Workload, server: RunningServer): Promise<number> {
  let steps = 0;
  try {
    for (;;) {
      const status = await randomStep(w);
      const problem = (status ?? 0) >= 500 ? `\n${lastProblems(server)}` : "";
      expect(status ?? 0, `no step answers a server error${problem}`).toBeLessThan(500);
      steps++;
    }
  } catch (error) {
    if (error instanceof Error && error.name === "AssertionError") throw error;
    return steps;
  }
}

it(`keeps the rollups exact across a kill after awards and ${KILLS} kills mid-run`, {
  timeout: 600_000,
}, async () => {
  const run = await beginRun();
  const { kind, open, done } = run;
  const adminEmail = uniqueEmail("admin");
  const env: Record<string, string> = {
    ADMIN_EMAILS: adminEmail,
    ADMIN_RATE_LIMIT: "10000",
    REDEEM_REQUIRE_KYC: "false",
    REDEEM_MIN_COINS: "10",
    REDEEM_MAX_PENDING: "1000",
    REDEEM_DAILY_CAP_DOLLARS: "100000",
    DUAL_CONTROL_COINS: "0",
    DUAL_CONTROL_DOLLARS: "0",
  };
  let ip = 0;
  const nextIp = () => `10.71.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  let server = await run.startServer(env);
  let client = httpClient(server.url);
  const admin = await createVerifiedUser(client, { email: adminEmail, ip: nextIp() });
  const users: TestUser[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await createVerifiedUser(client, { ip: nextIp() });
    // Coins to redeem from the first step on.
    const granted = await client.request(`/api/admin/users/${user.id}/adjustments`, {
      method: "POST",
      cookie: admin.cookie,
      json: { adjustmentId: randomUUID(), amount: 2000, reason: "Coins to redeem" },
    });
    expect(granted.status).toBe(201);
    users.push(user);
  }
  await server.stop();

  // Awards committed, their events taken by no consumer: the process dies right after.
  const awards: AwardInput[] = users.flatMap((u) =>
    [0, 1, 2].map(() => ({
      userId: u.id,
      kind: "quiz_correct" as const,
      causeKey: `quiz:${randomUUID()}:q`,
    })),
  );
  expect(await run.runUntilKilled("award-then-die.ts", { AWARDS: JSON.stringify(awards) })).toBe("SIGKILL");
  const killed = await open();
  const { rows: waiting } = await sql<{ n: number }>`
    select count(*)::int as n from ledger_events e where not exists (select 1 from ledger_event_consumptions c
      where c.entry_id = e.entry_id and c.consumer = 'rollups')`.execute(killed.db);
  await done(killed);
  expect(waiting[0]?.n).toBeGreaterThanOrEqual(awards.length);

  const w: Workload = { client, admin, users, redemptions: [], nextIp };
  let steps = 0;
  for (let kill = 0; kill < KILLS; kill++) {
    server = await run.startServer(env);
    client = httpClient(server.url);
    w.client = client;
    const running = Array.from({ length: LOOPS }, () => runUntilKilled(w, server));
    await new Promise((r) => setTimeout(r, 3000 + Math.random() * 4000));
    await server.kill();
    steps += (await Promise.all(running)).reduce((a, b) => a + b, 0);
  }
  // A last start takes what is left (its periodic task), then stops.
  server = await run.startServer(env);
  await new Promise((r) => setTimeout(r, 3000));
  await server.stop();

  const handle = await open();
  try {
    const rows = await expectRollupsEqualRebuild(handle.db);
    const books = await booksFromProfiles(handle.db);
    const { rows: sums } = await sql<{ net: string; breakage: string }>`
      select (select coalesce(sum(credit - debit), 0) from rollup_ledger_days)::text as net,
        (select coalesce(sum(breakage), 0) from rollup_days)::text as breakage`.execute(handle.db);
    expect(Number(sums[0]?.net) - Number(sums[0]?.breakage)).toBe(books.owed);
    expect(Number(sums[0]?.breakage)).toBe(books.forfeited);
    console.log(
      `rollups crash test (${kind}): kills=1+${KILLS}, steps=${steps}, ledger day-kinds=${rows.ledger.length}, owed=${books.owed}, forfeited=${books.forfeited}`,
    );
  } finally {
    await handle.close();
  }
});
