/**
 * `npm run bench:ledger`: awards per second and latency through HTTP (the real server: a video watch started
 * and completed — two requests per award, the videos shortened to 2 s and the daily limit raised so every watch
 * pays — 64 connections, many users, PostgreSQL), beside the same SQL (INSERT ledger row +
 * UPDATE balance in one transaction) run directly with `pg` at the same concurrency, and their ratio.
 * A figure, not a test. Needs PostgreSQL: BENCH_DATABASE_URL (an admin URL; default the local server).
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { fromPool } from "~/server/db/client";
import { migrateToLatest } from "~/server/db/migrate";
import { makeVideosInstant } from "../tests/support/earning";
import { signIn, signUp, uniqueEmail, verifyEmail } from "../tests/support/factories";
import { httpClient } from "../tests/support/http-client";
import { startServer } from "../tests/support/server-process";

const CONNECTIONS = 64;
const USERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface LedgerBenchResult {
  http: { perSecond: number; p50: number; p99: number; total: number };
  sql: { perSecond: number; p50: number; p99: number; total: number };
  ratio: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `ple_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const handle = fromPool(new pg.Pool({ connectionString: url.toString(), max: 2 }));
    await migrateToLatest(handle.db);
    await makeVideosInstant(handle.db);
    await handle.close();
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function benchHttp(url: string) {
  // NODE_ENV=test keeps the dev mailbox (read for the confirmation links); request logs are off at "warn".
  const server = await startServer({
    DATABASE_URL: url,
    DATABASE_POOL_MAX: String(CONNECTIONS),
    AUTH_RATE_LIMIT: "10000",
    VIDEO_WATCH_LIMIT: "100000",
    EARN_VIDEO_WATCHES_PER_DAY: "100000",
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
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
    // Two requests per award: the start and the completion.
    const ok = Math.floor(result["2xx"] / 2);
    if (result.non2xx) console.warn(`HTTP: ${result.non2xx} non-2xx answers`);
    return { perSecond: ok / result.duration, p50: result.latency.p50, p99: result.latency.p99, total: ok };
  } finally {
    await server.stop();
  }
}

async function benchSql(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  // An idle client ended by the server (the DROP … WITH (FORCE) after a failure) must not crash the run and hide
  // the error that caused it.
  pool.on("error", () => {});
  try {
    return await runSql(pool);
  } finally {
    await pool.end();
  }
}

async function runSql(pool: pg.Pool) {
  const userIds: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const id = randomUUID();
    await pool.query(
      `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values ($1, $1, $1 || '@sql.bench', true, now(), now())`,
      [id],
    );
    await pool.query(
      "insert into user_profiles (id, referral_code) values ($1, upper(substr(md5($1), 1, 8)))",
      [id],
    );
    userIds.push(id);
  }
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const conn = await pool.connect();
      try {
        while (performance.now() < deadline) {
          const userId = userIds[n++ % userIds.length]!;
          const t = performance.now();
          await conn.query("begin");
          await conn.query(
            "insert into coin_ledger (user_id, amount, kind, reason, cause_key) values ($1, 10, 'video_watch', 'Video watch', $2)",
            [userId, `sql:${randomUUID()}`],
          );
          await conn.query("update user_profiles set points = points + 10 where id = $1", [userId]);
          await conn.query("commit");
          latencies.push(performance.now() - t);
        }
      } finally {
        conn.release();
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
  return withDatabase(async (url) => {
    const http = await benchHttp(url);
    const sql = await benchSql(url);
    return { http, sql, ratio: http.perSecond / sql.perSecond };
  });
}

export function formatLedgerBench(r: LedgerBenchResult): string {
  const row = (name: string, x: LedgerBenchResult["http"]) =>
    `| ${name} | ${x.perSecond.toFixed(0)} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)} | ${x.total} |`;
  return [
    `| path (${CONNECTIONS} connections, ${USERS} users, ${SECONDS} s, PostgreSQL) | awards/s | p50 ms | p99 ms | awards |`,
    "|---|---|---|---|---|",
    row("HTTP: video watch start + complete", r.http),
    row("SQL: INSERT + UPDATE in one transaction (pg)", r.sql),
    "",
    `ratio HTTP/SQL: ${r.ratio.toFixed(2)} (target ≥ 0.5)`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLedgerBench();
  console.log(formatLedgerBench(result));
}
