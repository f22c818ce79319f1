import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminUrl } from "#tests/support/database-setup";
import { earnOneWatch } from "#tests/support/earning";
import { signIn, signUp, uniqueEmail, verifyEmail } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { buildPreviousRelease, type PreviousRelease } from "#tests/support/previous-release";
import { LOAD_ENV, type RunningServer, startServer } from "#tests/support/server-process";

/**
 * A rolling upgrade (README "Upgrading"): the previous release (tests/support/previous-release.ts, built from its
 * commit) serves players on a PostgreSQL database it migrated itself; a long reader (what a pg_dump does) holds a
 * lock on `coin_ledger`, a table the new migrations alter; the current release starts beside it on the same
 * database and migrates while the old one keeps paying video watches. Every request to the old release is answered
 * (no 5xx: a migration the previous release can't run beside fails here), both releases serve afterwards, and the
 * books are exact: every acknowledged award is in the ledger once and every balance equals its ledger sum. The old
 * release's latency while the new one migrates is printed (a figure, not a judgement: the target is in
 * docs/benchmarks.md). Runs in the `postgres` project only.
 */
const PLAYERS = 8;
const READER_MS = 20_000;

interface Sample {
  at: number;
  ms: number;
  status: number;
  entryId: number | null;
  userId: string;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

describe("a rolling upgrade on one PostgreSQL", () => {
  let previous: PreviousRelease;
  let dbName: string;
  let dbUrl: string;
  let admin: pg.Client;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    if (inject("dbKind") !== "postgres") throw new Error("the rolling-upgrade test runs on PostgreSQL only");
    const base = process.env.TEST_DATABASE_URL ?? "";
    previous = await buildPreviousRelease();
    dbName = `ple_t_rolling_${randomUUID().slice(0, 8)}`;
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    dbUrl = adminUrl(base, dbName);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await previous?.remove();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  it("the previous release keeps paying while the current one migrates beside it; both serve after; books exact", {
    timeout: 300_000,
  }, async () => {
    const env = {
      DATABASE_URL: dbUrl,
      DATABASE_POOL_MAX: "8",
      AUTH_SECRET: `rolling-${randomUUID()}`,
      ...LOAD_ENV,
      MAIL_RATE_LIMIT: "10000",
      LOG_LEVEL: "warn",
    };
    const old = await startServer(env, { root: previous.dir });
    servers.push(old);
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      // Two-second videos: a watch reported at once pays.
      await db.query("update videos set duration_seconds = 2");
      const oldClient = httpClient(old.url);
      const players: { id: string; cookie: string }[] = [];
      for (let i = 0; i < PLAYERS; i++) {
        const email = uniqueEmail("rolling");
        const password = `pw-${randomUUID()}`;
        const ip = `10.66.0.${i + 1}`;
        expect((await signUp(oldClient, email, password, { ip })).status).toBe(200);
        await verifyEmail(oldClient, email);
        const cookie = await signIn(oldClient, email, password, { ip });
        const { rows } = await db.query<{ id: string }>(`select id from "user" where email = $1`, [email]);
        players.push({ id: rows[0]?.id ?? "", cookie });
      }

      // Players earn on the old release without a pause, from before the new one starts until after it serves.
      const samples: Sample[] = [];
      let earning = true;
      const loops = players.map(async (player) => {
        while (earning) {
          const at = performance.now();
          // A refused connection (the old release gone) is an answer too: status 0.
          const r = await earnOneWatch(oldClient, player.cookie).catch(() => ({ status: 0, entryId: null }));
          samples.push({ at, ms: performance.now() - at, ...r, userId: player.id });
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      // A long reader on coin_ledger (its lock outlasts many lock_timeouts of the migration that alters it).
      const reader = new pg.Client({ connectionString: dbUrl });
      await reader.connect();
      await reader.query("begin");
      await reader.query("select count(*) from coin_ledger");
      const readerDone = new Promise((resolve) => setTimeout(resolve, READER_MS)).then(async () => {
        await reader.query("commit");
        await reader.end();
      });

      const migrating = performance.now();
      const current = await startServer(env);
      servers.push(current);
      const migrated = performance.now();
      await readerDone;
      // Both serve: the old release goes on paying, and a player earns on the new one too.
      const onNew = await earnOneWatch(httpClient(current.url), players[0]?.cookie ?? "");
      expect(onNew.status).toBe(200);
      expect(onNew.entryId).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      earning = false;
      await Promise.all(loops);

      const during = samples.filter((s) => s.at >= migrating && s.at <= migrated).map((s) => s.ms);
      during.sort((a, b) => a - b);
      const after = samples.filter((s) => s.at > migrated);
      console.log(
        `rolling upgrade from ${previous.commit}: the new release migrated in ${Math.round(migrated - migrating)} ms ` +
          `beside a ${READER_MS / 1000} s reader; the old one answered ${during.length} awards meanwhile ` +
          `(p50 ${Math.round(pct(during, 50))} ms, p99 ${Math.round(pct(during, 99))} ms, ` +
          `max ${Math.round(during.at(-1) ?? 0)} ms) and ${after.length} after`,
      );
      // Every request to the old release was answered as before the upgrade: paid, every one.
      const errors = old
        .output()
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line) || !line.startsWith("{"));
      expect(
        samples.filter((s) => s.status !== 200).map((s) => s.status),
        errors.slice(0, 3).join("\n"),
      ).toEqual([]);
      expect(after.length).toBeGreaterThan(0);

      // The books: every acknowledged award is in the ledger once; every balance is its ledger sum.
      const acked = samples.map((s) => s.entryId).filter((id): id is number => id !== null);
      expect(acked).toHaveLength(samples.length);
      const found = await db.query<{ n: number }>(
        "select count(*)::int as n from coin_ledger where id = any($1::bigint[])",
        [[...acked, onNew.entryId]],
      );
      expect(found.rows[0]?.n).toBe(acked.length + 1);
      const off = await db.query<{ id: string }>(
        `select p.id from user_profiles p
          where p.id = any($1::text[])
            and p.points <> coalesce((select sum(amount) from coin_ledger l where l.user_id = p.id), 0)`,
        [players.map((p) => p.id)],
      );
      expect(off.rows).toEqual([]);
    } finally {
      await db.end();
    }

    // The previous release restarting against the migrated database: served when it takes unknown migrations as
    // done (old beside new, from the release that introduced it); refused with the migrator's words before that.
    await old.stop();
    if (previous.servesNewerSchema) {
      const again = await startServer(env, { root: previous.dir });
      servers.push(again);
      const client = httpClient(again.url);
      expect((await client.request("/api/health")).status).toBe(200);
    } else {
      await expect(startServer(env, { root: previous.dir })).rejects.toThrow(/corrupted migrations/);
    }
  });
});
