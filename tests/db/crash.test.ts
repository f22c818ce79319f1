import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, expect, inject, it } from "vitest";
import { makeVideosInstant } from "#tests/support/earning";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { type RunningServer, startServer } from "#tests/support/server-process";
import { seedDataDir } from "#tests/support/server-template";
import { openTestDatabase } from "#tests/support/test-db";
import { type DatabaseHandle, fromPGlite } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";

/**
 * Crash safety: the real server under earning load is SIGKILLed at random moments, 20 times, and
 * restarted. Every award it acknowledged with a 2xx must be in the ledger, and every balance must
 * equal the sum of its ledger rows.
 */
const KILLS = 20;
const WORKERS = 12;
const USERS = 3;
const VIDEOS = ["tutorial-get-started", "exciting-new-content", "community-highlights"];

let dataDir: string | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Ack {
  userId: string;
  entryId: number;
  balance: number;
}

async function earnUntilKilled(base: string, users: TestUser[], acks: Ack[], stop: { now: boolean }) {
  const client = httpClient(base);
  let failures = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      for (let i = 0; !stop.now; i++) {
        const user = users[(w + i) % users.length]!;
        try {
          const started = await client.request(`/api/videos/${VIDEOS[i % VIDEOS.length]}/watches`, {
            method: "POST",
            cookie: user.cookie,
          });
          if (started.status !== 201) {
            await started.body?.cancel();
            continue;
          }
          const { watch } = (await started.json()) as { watch: { id: string } };
          const res = await client.request(`/api/videos/watches/${watch.id}/complete`, {
            method: "POST",
            cookie: user.cookie,
          });
          if (res.status >= 200 && res.status < 300) {
            const body: { earned: { entryId: number; balance: number } | null } = await res.json();
            if (body.earned)
              acks.push({ userId: user.id, entryId: body.earned.entryId, balance: body.earned.balance });
          } else await res.body?.cancel();
        } catch {
          failures++; // the server died under us: the request's fate is unknown, and it was not acknowledged
          if (failures > 10_000) return;
          await new Promise((r) => setTimeout(r, 5));
        }
      }
    }),
  );
}

it(`keeps every acknowledged award across ${KILLS} SIGKILLs under load`, { timeout: 600_000 }, async () => {
  const kind = inject("dbKind");
  const env: Record<string, string> = {
    AUTH_RATE_LIMIT: "10000",
    VIDEO_WATCH_LIMIT: "100000",
    EARN_VIDEO_WATCHES_PER_DAY: "100000",
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
  };
  // One DATA_DIR for every restart on both databases: it holds the generated AUTH_SECRET (and PGlite's files),
  // so the sessions made before a kill stay valid after it.
  dataDir = await mkdtemp(path.join(tmpdir(), "ple-crash-"));
  env.DATA_DIR = dataDir;
  let testDb: (DatabaseHandle & { url?: string }) | undefined;
  // Two-second videos: a watch reported at once counts (the earning path is what is under test here). Set in the
  // database before the server's first start (on PGlite, the run's migrated database put in its DATA_DIR).
  if (kind === "postgres") {
    testDb = await openTestDatabase({ poolMax: 2 });
    env.DATABASE_URL = testDb.url!;
    await makeVideosInstant(testDb.db);
  } else {
    await seedDataDir(dataDir);
    const setup = fromPGlite(await createPGlite(path.join(dataDir, "pglite")));
    await makeVideosInstant(setup.db);
    await setup.close();
  }

  server = await startServer(env);
  const base = server.url;
  const users: TestUser[] = await Promise.all(
    Array.from({ length: USERS }, () => createVerifiedUser(httpClient(base))),
  );

  const acks: Ack[] = [];
  for (let kill = 0; kill < KILLS; kill++) {
    const stop = { now: false };
    const load = earnUntilKilled(server.url, users, acks, stop);
    // An award is two requests (start and complete a watch): give each window time for several.
    await new Promise((r) => setTimeout(r, 500 + Math.random() * 1500));
    await server.kill();
    stop.now = true;
    await load;
    server = await startServer(env);
  }
  await server.stop();
  server = undefined;

  const handle =
    kind === "postgres" ? testDb! : fromPGlite(await createPGlite(path.join(dataDir!, "pglite")));
  try {
    const rows = await handle.db.selectFrom("coin_ledger").select(["id", "user_id"]).execute();
    const found = new Map(rows.map((r) => [Number(r.id), r.user_id]));
    const missing = acks.filter((a) => found.get(a.entryId) !== a.userId);
    const { rows: broken } = await sql<{ id: string }>`
      select p.id from user_profiles p left join coin_ledger l on l.user_id = p.id
      group by p.id, p.points having p.points <> coalesce(sum(l.amount), 0)`.execute(handle.db);
    const final = await handle.db.selectFrom("user_profiles").select(["id", "points"]).execute();
    const maxAcked = new Map<string, number>();
    for (const a of acks) maxAcked.set(a.userId, Math.max(maxAcked.get(a.userId) ?? 0, a.balance));
    const behind = final.filter((p) => (maxAcked.get(p.id) ?? 0) > p.points);

    console.log(
      `crash test (${kind}): kills=${KILLS}, awards acknowledged=${acks.length}, acknowledged found=${acks.length - missing.length}, ledger rows=${rows.length}, balance≠Σledger=${broken.length}`,
    );
    expect(acks.length).toBeGreaterThan(KILLS);
    expect(missing).toEqual([]);
    expect(broken).toEqual([]);
    expect(behind).toEqual([]);
  } finally {
    await handle.close();
  }
});
