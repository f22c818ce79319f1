import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, expect, inject, it } from "vitest";
import { makeVideosInstant } from "#tests/support/earning";
import { createVerifiedUser, type TestUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { type RunningServer, startServer } from "#tests/support/server-process";
import { earnOnDay, earnPattern } from "#tests/support/streak";
import { openTestDatabase } from "#tests/support/test-db";
import type { CompleteWatchResponse, StartWatchResponse } from "~/core/api/videos";
import { type DatabaseHandle, fromPGlite } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";

/**
 * The streak milestone bonus across crashes (docs/product.md, "Daily goal and streak"): each user is one video
 * watch short of a 7-day streak. The real server gets that watch and a burst of streak reads, and is SIGKILLed at
 * a random moment — before, during or after the bonus's commit, before its answer. After a restart the streak is
 * read again (the lazy settlement). Every user must end with exactly one bonus row, every balance equal to the sum
 * of its ledger rows, and no answer may have acknowledged a second bonus.
 */
const USERS = 8;

let dataDir: string | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it(`pays each user's milestone bonus once across ${USERS} SIGKILLs between commit and answer`, {
  timeout: 300_000,
}, async () => {
  const kind = inject("dbKind");
  const env: Record<string, string> = {
    AUTH_RATE_LIMIT: "10000",
    MAIL_RATE_LIMIT: "10000",
    VIDEO_WATCH_LIMIT: "100000",
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
  };
  dataDir = await mkdtemp(path.join(tmpdir(), "ple-streak-crash-"));
  env.DATA_DIR = dataDir;
  let testDb: (DatabaseHandle & { url?: string }) | undefined;
  if (kind === "postgres") {
    testDb = await openTestDatabase({ poolMax: 2 });
    env.DATABASE_URL = testDb.url!;
  }
  const open = async () =>
    kind === "postgres" ? testDb! : fromPGlite(await createPGlite(path.join(dataDir!, "pglite")));

  server = await startServer(env);
  const first = server.url;
  // Side by side: sign-up is not under test here.
  const users: TestUser[] = await Promise.all(
    Array.from({ length: USERS }, () => createVerifiedUser(httpClient(first))),
  );
  await server.stop();
  // Six days met before today, and 90 of today's 100 coins: one watch from the 7-day milestone.
  const setup = await open();
  await makeVideosInstant(setup.db);
  for (const user of users) {
    await earnPattern(setup.db, user.id, "MMMMMM.");
    await earnOnDay(setup.db, user.id, 0, 90);
  }
  if (kind !== "postgres") await setup.close();

  const acknowledged = new Map<string, number>();
  /** One paid watch (start, then report its end) of `videoId`; notes a bonus the answer acknowledged. */
  async function watchOnce(base: string, user: TestUser, videoId: string): Promise<void> {
    const client = httpClient(base);
    const started = await client.request(`/api/videos/${videoId}/watches`, {
      method: "POST",
      cookie: user.cookie,
    });
    if (started.status !== 201) {
      await started.body?.cancel();
      return;
    }
    const { watch } = (await started.json()) as StartWatchResponse;
    const res = await client.request(`/api/videos/watches/${watch.id}/complete`, {
      method: "POST",
      cookie: user.cookie,
    });
    if (!res.ok) {
      await res.body?.cancel();
      return;
    }
    const body = (await res.json()) as CompleteWatchResponse;
    if (body.earned?.streakBonus) acknowledged.set(user.id, (acknowledged.get(user.id) ?? 0) + 1);
  }
  const readStreak = (base: string, user: TestUser) =>
    httpClient(base)
      .request("/api/streak", { cookie: user.cookie })
      .then((r) => r.text());

  server = await startServer(env);
  for (const user of users) {
    const base = server.url;
    const load = [
      watchOnce(base, user, "tutorial-get-started"),
      ...Array.from({ length: 10 }, () => readStreak(base, user)),
    ];
    // Handled from the start: the requests fail while the server is being killed.
    const settled = Promise.allSettled(load);
    // Killed somewhere between before the first request and after the last answer.
    await new Promise((r) => setTimeout(r, Math.random() * 800));
    await server.kill();
    await settled;
    server = await startServer(env);
  }
  // After the last restart each user does what a client would: the watch again (another video: the first one may
  // have paid) and a read of the streak, which settles a bonus still due.
  for (const user of users) {
    await watchOnce(server.url, user, "exciting-new-content");
    await readStreak(server.url, user);
  }
  await server.stop();
  server = undefined;

  const handle = await open();
  try {
    const bonuses = await handle.db
      .selectFrom("coin_ledger")
      .select(["user_id", "amount"])
      .where("kind", "=", "streak_bonus")
      .execute();
    const { rows: broken } = await sql<{ id: string }>`
      select p.id from user_profiles p left join coin_ledger l on l.user_id = p.id
      group by p.id, p.points having p.points <> coalesce(sum(l.amount), 0)`.execute(handle.db);
    console.log(
      `streak crash test (${kind}): users=${USERS}, bonuses acknowledged=${[...acknowledged.values()].reduce((a, b) => a + b, 0)}, bonus rows=${bonuses.length}`,
    );
    for (const user of users)
      expect(
        bonuses.filter((b) => b.user_id === user.id).map((b) => b.amount),
        user.email,
      ).toEqual([25]);
    expect([...acknowledged.values()].every((n) => n <= 1)).toBe(true);
    expect(broken).toEqual([]);
  } finally {
    await handle.close();
  }
});
