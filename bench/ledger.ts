/**
 * `npm run bench:ledger`: awards per second and latency through HTTP (the real compiled server: a video watch
 * started and completed — two requests per award, the videos shortened to 2 s and the daily limit raised so every
 * watch pays — 64 connections, many users) on PostgreSQL with one worker process and with the default
 * WEB_CONCURRENCY (one per core), and on PGlite; beside the same SQL run directly over `pg` at the same
 * concurrency — the statements the two requests send, made by the server's own functions (session lookup, start,
 * session lookup, completion with its award), without HTTP — and their ratio (ADR 049). Also the database's floor:
 * a bare INSERT ledger row + UPDATE balance transaction. And the server's resident memory (all its processes) at
 * idle and its peak under the load. Figures, not tests. Needs PostgreSQL:
 * BENCH_DATABASE_URL (an admin URL; default the local server). BENCH_SERVER_ENV (JSON) adds server variables.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { findStoredSession } from "~/server/auth/session-reader";
import { fromPool, openDatabase } from "~/server/db/client";
import { prepareDatabase } from "~/server/db/prepare";
import { parseEnv } from "~/server/env";
import { completeWatch, startWatch } from "~/server/videos/videos.service";
import { makeVideosInstant } from "../tests/support/earning";
import { signIn, signUp, uniqueEmail, verifyEmail } from "../tests/support/factories";
import { httpClient } from "../tests/support/http-client";
import { childPids, sampleRss, treeRssMib } from "../tests/support/processes";
import { LOAD_ENV, startServer } from "../tests/support/server-process";

const CONNECTIONS = 64;
const USERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface Throughput {
  perSecond: number;
  p50: number;
  p99: number;
  total: number;
}

export interface HttpRun extends Throughput {
  /** What ran: database and worker processes. */
  label: string;
  database: "PostgreSQL" | "PGlite";
  workers: number;
  /** Resident memory of the server's processes, MiB: after start-up and sign-ups, and the peak under load. */
  rssIdleMib: number;
  rssLoadMib: number;
  /** HTTP awards/s divided by the direct SQL's. */
  ratio: number;
}

export interface LedgerBenchResult {
  http: HttpRun[];
  /** The award's own statements run directly: what `ratio` divides by. */
  sql: Throughput;
  /** A bare INSERT + UPDATE transaction: the database's floor on this machine, for reference. */
  floor: Throughput;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `ple_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const handle = fromPool(new pg.Pool({ connectionString: url.toString(), max: 2 }));
    await prepareDatabase(handle.db);
    await makeVideosInstant(handle.db);
    await handle.close();
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A PGlite data folder, migrated, with the videos shortened like the PostgreSQL runs' (PGlite is one process). */
async function preparedPgliteDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "ple-bench-"));
  const handle = await openDatabase(parseEnv({ NODE_ENV: "test", DATA_DIR: dir }));
  try {
    await prepareDatabase(handle.db);
    await makeVideosInstant(handle.db);
  } finally {
    await handle.close();
  }
  return dir;
}

async function benchHttp(
  url: string | undefined,
  workers: string,
  dataDir?: string,
): Promise<Omit<HttpRun, "label" | "ratio">> {
  // NODE_ENV=test keeps the dev mailbox (read for the confirmation links); request logs are off at "warn".
  // WEB_CONCURRENCY "" means unset: the server's default.
  const server = await startServer({
    ...(url ? { DATABASE_URL: url, DATABASE_POOL_MAX: String(Math.ceil(CONNECTIONS / 2)) } : {}),
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    WEB_CONCURRENCY: workers,
    ...LOAD_ENV,
    LOG_LEVEL: "warn",
    // e.g. BENCH_SERVER_ENV='{"NODE_OPTIONS":"--cpu-prof --cpu-prof-dir=/tmp/prof"}' to profile the server.
    ...(process.env.BENCH_SERVER_ENV
      ? (JSON.parse(process.env.BENCH_SERVER_ENV) as Record<string, string>)
      : {}),
  });
  try {
    const client = httpClient(server.url);
    const cookies: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = uniqueEmail("bench");
      const password = `pw-${randomUUID()}`;
      const ip = `10.9.${i >> 8}.${i & 255}`;
      await signUp(client, email, password, { ip });
      await verifyEmail(client, email);
      cookies.push(await signIn(client, email, password, { ip }));
    }
    let n = 0;
    const workerCount = Math.max(1, childPids(server.pid).length);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssIdleMib = treeRssMib(server.pid);
    const sampler = sampleRss(server.pid);
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: "POST",
          path: "/api/videos/tutorial-get-started/watches",
          setupRequest: (req, context) => {
            const cookie = cookies[n++ % cookies.length] ?? "";
            Object.assign(context, { cookie });
            return { ...req, headers: { ...req.headers, cookie, origin: server.url } };
          },
          onResponse: (_status, body, context) => {
            Object.assign(context, {
              watchId: (JSON.parse(body) as { watch?: { id: string } }).watch?.id ?? "none",
            });
          },
        },
        {
          method: "POST",
          setupRequest: (req, context) => ({
            ...req,
            path: `/api/videos/watches/${String(Reflect.get(context, "watchId"))}/complete`,
            headers: { ...req.headers, cookie: String(Reflect.get(context, "cookie")), origin: server.url },
          }),
        },
      ],
    });
    const rssLoadMib = sampler.stop();
    // Two requests per award: the start and the completion.
    const ok = Math.floor(result["2xx"] / 2);
    if (result.non2xx) console.warn(`HTTP: ${result.non2xx} non-2xx answers`);
    return {
      database: url ? "PostgreSQL" : "PGlite",
      workers: workerCount,
      perSecond: ok / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: ok,
      rssIdleMib,
      rssLoadMib,
    };
  } finally {
    await server.stop();
  }
}

async function benchSql(url: string): Promise<{ sql: Throughput; floor: Throughput }> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  // An idle client ended by the server (the DROP … WITH (FORCE) after a failure) must not crash the run and hide
  // the error that caused it.
  pool.on("error", () => {});
  const handle = fromPool(pool);
  try {
    const users = await sqlUsers(pool);
    const sql = await timed(async (i) => {
      // What the two requests send (auth/session-reader.ts, videos.service.ts), without HTTP around it.
      const { id: userId, token } = users[i % users.length]!;
      await findStoredSession(handle.db, token);
      const watch = await startWatch(handle.db, { userId, videoId: "tutorial-get-started" });
      await findStoredSession(handle.db, token);
      const done = await completeWatch(handle.db, {
        userId,
        watchId: watch.id,
        perDay: 100_000,
        now: new Date(Date.now() + 5000),
      });
      if (!done.earned) throw new Error(`the direct award paid nothing: ${JSON.stringify(done)}`);
    });
    const floor = await timed(async (i) => {
      const conn = await pool.connect();
      try {
        await conn.query("begin");
        await conn.query(
          "insert into coin_ledger (user_id, amount, kind, reason, cause_key) values ($1, 10, 'video_watch', 'Video watch', $2)",
          [users[i % users.length]!.id, `sql:${randomUUID()}`],
        );
        await conn.query("update user_profiles set points = points + 10 where id = $1", [
          users[i % users.length]!.id,
        ]);
        await conn.query("commit");
      } finally {
        conn.release();
      }
    });
    return { sql, floor };
  } finally {
    await handle.close();
  }
}

/** USERS users with a profile and a session each, written directly. */
async function sqlUsers(pool: pg.Pool): Promise<{ id: string; token: string }[]> {
  const users: { id: string; token: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const id = randomUUID();
    const token = randomUUID();
    await pool.query(
      `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values ($1, $1, $1 || '@sql.bench', true, now(), now())`,
      [id],
    );
    await pool.query(
      "insert into user_profiles (id, referral_code) values ($1, upper(substr(md5($1), 1, 8)))",
      [id],
    );
    await pool.query(
      `insert into "session" (id, "expiresAt", token, "createdAt", "updatedAt", "userId") values ($1, now() + interval '7 days', $1, now(), now(), $2)`,
      [token, id],
    );
    users.push({ id, token });
  }
  return users;
}

/** `work` run back to back on CONNECTIONS concurrent loops for SECONDS: rate and latency. */
async function timed(work: (i: number) => Promise<void>): Promise<Throughput> {
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await work(n++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: latencies.length,
  };
}

export async function runLedgerBench(): Promise<LedgerBenchResult> {
  const runs: { label: string; run: Omit<HttpRun, "label" | "ratio"> }[] = [];
  const { sql, floor } = await withDatabase(async (url) => {
    runs.push({ label: "WEB_CONCURRENCY=1", run: await benchHttp(url, "1") });
    return benchSql(url);
  });
  await withDatabase(async (url) => {
    runs.push({ label: "default WEB_CONCURRENCY", run: await benchHttp(url, "") });
  });
  const pgliteDir = await preparedPgliteDir();
  try {
    runs.push({ label: "PGlite (one process)", run: await benchHttp(undefined, "", pgliteDir) });
  } finally {
    await rm(pgliteDir, { recursive: true, force: true });
  }
  return {
    sql,
    floor,
    http: runs.map(({ label, run }) => ({ ...run, label, ratio: run.perSecond / sql.perSecond })),
  };
}

export const LEDGER_TARGETS = { ratio: 0.5, p99Ms: 50, rssLoadMib: 250 } as const;

export function formatLedgerBench(r: LedgerBenchResult): string {
  const mark = (ok: boolean) => (ok ? " ✓" : " ✗");
  const rows = r.http.map(
    (x) =>
      `| HTTP, ${x.database}, ${x.label} | ${x.workers} | ${x.perSecond.toFixed(0)} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)}${x.database === "PostgreSQL" ? mark(x.p99 <= LEDGER_TARGETS.p99Ms) : ""} | ${x.ratio.toFixed(2)}${x.database === "PostgreSQL" ? mark(x.ratio >= LEDGER_TARGETS.ratio) : ""} | ${x.rssIdleMib.toFixed(0)} | ${x.rssLoadMib.toFixed(0)}${x.database === "PostgreSQL" ? mark(x.rssLoadMib <= LEDGER_TARGETS.rssLoadMib) : ""} | ${x.total} |`,
  );
  return [
    `| path (${CONNECTIONS} connections, ${USERS} users, ${SECONDS} s) | processes | awards/s | p50 ms | p99 ms | ratio to SQL | RSS idle MiB | RSS under load MiB | awards |`,
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
    `| the same SQL run directly (session lookup, start, session lookup, completion + award; pg, PostgreSQL) | — | ${r.sql.perSecond.toFixed(0)} | ${r.sql.p50.toFixed(1)} | ${r.sql.p99.toFixed(1)} | 1.00 | — | — | ${r.sql.total} |`,
    `| floor: a bare INSERT + UPDATE transaction (pg, PostgreSQL) | — | ${r.floor.perSecond.toFixed(0)} | ${r.floor.p50.toFixed(1)} | ${r.floor.p99.toFixed(1)} | — | — | — | ${r.floor.total} |`,
    "",
    `Targets on PostgreSQL: p99 ≤ ${LEDGER_TARGETS.p99Ms} ms, ratio ≥ ${LEDGER_TARGETS.ratio}, RSS under load ≤ ${LEDGER_TARGETS.rssLoadMib} MiB.`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLedgerBench();
  console.log(formatLedgerBench(result));
}
