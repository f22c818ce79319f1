/**
 * `npm run bench:ledger`: awards per second and latency through HTTP (the real compiled server: a video watch
 * started and completed — two requests per award, the videos shortened to 2 s and the daily limit raised so every
 * watch pays — 64 connections, many users) on PostgreSQL with one worker process and with the default
 * WEB_CONCURRENCY (one per core), and on PGlite; beside the same SQL run directly over `pg` at the same
 * concurrency — the statements the two requests send, made by the server's own functions (session lookup, start,
 * session lookup, completion with its award), without HTTP — and their ratio (ADR 049). Also the database's floor:
 * a bare INSERT ledger row + UPDATE balance transaction, and the two-transaction floor (bench/ledger-load.ts), and
 * what bounds each ratio on this machine (bench/ledger-report.ts). And the server's resident memory (all its processes; RSS, USS:
 * the private part, without the pages they share, and the footprint: every resident page once) at idle and its peak
 * under the load. Figures, not tests. Needs PostgreSQL:
 * BENCH_DATABASE_URL (an admin URL; default the local server). BENCH_SERVER_ENV (JSON) adds server variables.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { fromPool, openDatabase } from "~/server/db/client";
import { parseEnv } from "~/server/env";
import { prepareDatabase } from "~/server/prepare-database";
import { makeVideosInstant } from "../tests/support/earning";
import { signIn, signUp, uniqueEmail, verifyEmail } from "../tests/support/factories";
import { httpClient } from "../tests/support/http-client";
import { childPids, sampleMemory, treeCpuSplit, treeMemory } from "../tests/support/processes";
import { LOAD_ENV, startServer } from "../tests/support/server-process";
import { writeSection } from "./doc-section";
import { formatLedgerSection } from "./ledger-report";
import {
  benchSql,
  CONNECTIONS,
  clientCpuMsPerAward,
  cpuMsPerAward,
  machineBusySeconds,
  SECONDS,
  type Throughput,
  USERS,
} from "./ledger-sql";

export {
  formatLedgerBench,
  formatLedgerComparison,
  formatLedgerSection,
  LEDGER_TARGETS,
} from "./ledger-report";

import { SMOKE } from "./smoke";

export type { Throughput };

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface HttpRun extends Throughput {
  /** What ran: database and worker processes. */
  label: string;
  database: "PostgreSQL" | "PGlite";
  workers: number;
  /** Resident memory of the server's processes, MiB: after start-up and sign-ups, and the peak under load. */
  rssIdleMib: number;
  rssLoadMib: number;
  /** The same as unique set sizes: what the processes hold privately, without the pages they share. */
  ussIdleMib: number;
  ussLoadMib: number;
  /**
   * The same as footprints: the physical pages the processes hold resident, each counted once (the RSS sum counts
   * a page that every worker maps once per worker). null where the page frames cannot be read (not root).
   */
  footprintIdleMib: number | null;
  footprintLoadMib: number | null;
  /** HTTP awards/s divided by the direct SQL's. */
  ratio: number;
  /**
   * The CPU time of the server's processes (the first one and its workers) per award, ms: the part of the machine's
   * CPU per award beside the load generator's (`clientCpuMsPerAward`) and PostgreSQL's with the rest. Absent in runs
   * made before it was measured.
   */
  serverCpuMsPerAward?: number | null;
  /**
   * The part of it spent in the kernel on the server's behalf (its system time: the sockets' reads and writes to
   * the clients and to PostgreSQL, over loopback TCP here). Absent in runs made before it was measured.
   */
  serverKernelCpuMsPerAward?: number | null;
}

export interface LedgerBenchResult {
  http: HttpRun[];
  /** The award's own statements run directly: what `ratio` divides by. */
  sql: Throughput;
  /** A bare INSERT + UPDATE transaction: the database's floor on this machine, for reference. */
  floor: Throughput;
  /**
   * A bare INSERT of a watch row (its own transaction, committed asynchronously as a start is), then the floor's
   * transaction: the least a two-transaction watch costs (bench/ledger-load.ts). Absent in runs made before it was
   * measured.
   */
  twoFloor?: Throughput;
}

/**
 * A database of its own for `work`, dropped after it: migrated, with the videos shortened, unless `prepare` is false
 * (empty: a server of another tree migrates it itself at its start).
 */
export async function withDatabase<T>(work: (url: string) => Promise<T>, prepare = true): Promise<T> {
  const name = `ple_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    if (prepare) {
      const handle = fromPool(new pg.Pool({ connectionString: url.toString(), max: 2 }));
      await prepareDatabase(handle.db);
      await makeVideosInstant(handle.db);
      await handle.close();
    }
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

/** `env`: more server variables (e.g. METRICS_ENABLED); `scrapeEveryMs`: GET /metrics this often during the load. */
export interface HttpRunOptions {
  env?: Record<string, string>;
  scrapeEveryMs?: number;
}

/**
 * `count` confirmed, signed-in users of the server at `url`, each from an address of its own under `net` (a /16):
 * their cookies.
 */
export async function signUpEarners(url: string, count = USERS, net = "10.9"): Promise<string[]> {
  const client = httpClient(url);
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = uniqueEmail("bench");
    const password = `pw-${randomUUID()}`;
    const ip = `${net}.${i >> 8}.${i & 255}`;
    await signUp(client, email, password, { ip });
    await verifyEmail(client, email);
    cookies.push(await signIn(client, email, password, { ip }));
  }
  return cookies;
}

/**
 * Paid watches on the server at `url` for `seconds` on `connections` connections, the `cookies`' users in turn: a
 * start, then its completion. `watchesPerSecond`: at that rate (autocannon's overall rate, two requests a watch)
 * instead of as fast as the server answers. `paid`: the completions that paid.
 */
export async function watchLoad(
  url: string,
  cookies: string[],
  watchesPerSecond?: number,
  { connections = CONNECTIONS, seconds = SECONDS } = {},
) {
  let n = 0;
  let paid = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(watchesPerSecond ? { overallRate: Math.max(1, Math.round(2 * watchesPerSecond)) } : {}),
    requests: [
      {
        method: "POST",
        path: "/api/videos/tutorial-get-started/watches",
        setupRequest: (req, context) => {
          const cookie = cookies[n++ % cookies.length] ?? "";
          Object.assign(context, { cookie });
          return { ...req, headers: { ...req.headers, cookie, origin: url } };
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
          headers: { ...req.headers, cookie: String(Reflect.get(context, "cookie")), origin: url },
        }),
        // An award is a completion that paid, not any 2xx (a too-early or limited watch answers 200 too).
        onResponse: (status, body) => {
          if (status === 200 && (JSON.parse(body) as { earned?: unknown }).earned) paid++;
        },
      },
    ],
  });
  return { result, paid };
}

export async function benchHttp(
  url: string | undefined,
  workers: string,
  dataDir?: string,
  options: HttpRunOptions = {},
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
    ...options.env,
  });
  try {
    const cookies = await signUpEarners(server.url);
    // The first process serves too; the others are its children.
    const workerCount = 1 + childPids(server.pid).length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = treeMemory(server.pid);
    const sampler = sampleMemory(server.pid);
    const busy = machineBusySeconds();
    const own = process.cpuUsage();
    const serverCpu = treeCpuSplit(server.pid);
    const scraper = options.scrapeEveryMs ? scrapeDuring(server.url, options.scrapeEveryMs) : undefined;
    const { result, paid } = await watchLoad(server.url, cookies);
    await scraper?.stop();
    const serverCpuNow = treeCpuSplit(server.pid);
    const serverUserMs = (serverCpuNow.user - serverCpu.user) * 1000;
    const serverSystemMs = (serverCpuNow.system - serverCpu.system) * 1000;
    const load = sampler.stop();
    const cpu = cpuMsPerAward(busy, paid);
    const clientCpu = clientCpuMsPerAward(own, paid);
    // Two requests per award (the start and the completion); awards are the completions that paid.
    const ok = paid;
    if (paid < Math.floor(result["2xx"] / 2))
      console.warn(`HTTP: ${Math.floor(result["2xx"] / 2) - paid} completions paid nothing`);
    if (result.non2xx) console.warn(`HTTP: ${result.non2xx} non-2xx answers`);
    return {
      database: url ? "PostgreSQL" : "PGlite",
      workers: workerCount,
      perSecond: ok / result.duration,
      cpuMsPerAward: cpu,
      clientCpuMsPerAward: clientCpu,
      serverCpuMsPerAward: paid ? (serverUserMs + serverSystemMs) / paid : null,
      serverKernelCpuMsPerAward: paid ? serverSystemMs / paid : null,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: ok,
      rssIdleMib: idle.rssMib,
      rssLoadMib: load.rssMib,
      ussIdleMib: idle.ussMib,
      ussLoadMib: load.ussMib,
      footprintIdleMib: idle.footprintMib,
      footprintLoadMib: load.footprintMib,
    };
  } finally {
    await server.stop();
  }
}

/** GET /metrics every `everyMs` (as a Prometheus would, far more often) until stopped; each must answer 200. */
function scrapeDuring(url: string, everyMs: number) {
  let failed = 0;
  const timer = setInterval(() => {
    void fetch(`${url}/metrics`)
      .then(async (res) => {
        await res.text();
        if (res.status !== 200) failed++;
      })
      .catch(() => failed++);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      if (failed) console.warn(`/metrics: ${failed} scrapes failed`);
    },
  };
}

export async function runLedgerBench(): Promise<LedgerBenchResult> {
  const runs: { label: string; run: Omit<HttpRun, "label" | "ratio"> }[] = [];
  const { sql, floor, twoFloor } = await withDatabase(async (url) => {
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
    twoFloor,
    http: runs.map(({ label, run }) => ({ ...run, label, ratio: run.perSecond / sql.perSecond })),
  };
}

/**
 * Usage: npm run bench:ledger [-- --write] (--write: puts the sections into docs/benchmarks.md). Every run ends with
 * the cost of the metrics (bench/ledger-metrics.ts); `-- --metrics` runs only that.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { runMetricsCost } = await import("./ledger-metrics");
  if (process.argv.includes("--metrics")) {
    await runMetricsCost({ benchHttp, withDatabase }, process.argv.includes("--write") && !SMOKE);
    process.exit(0);
  }
  const { runLedgerBefore } = await import("./ledger-before");
  const { formatSideBySide, runSideBySide } = await import("./ledger-side-by-side");
  // At smoke size, the before tree (checked out and built anew) is left out: the bench itself is what must run.
  const before = SMOKE ? null : await runLedgerBefore();
  const result = await runLedgerBench();
  const sideBySide = await runSideBySide({ signUpEarners, watchLoad, withDatabase });
  const loads = loadavg()
    .map((n) => n.toFixed(1))
    .join(" / ");
  const section = formatLedgerSection(
    result,
    before,
    `Run on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; load average after it: ${loads}.`,
    sideBySide ? formatSideBySide(sideBySide) : undefined,
  );
  console.log(section);
  if (process.argv.includes("--write") && !SMOKE)
    writeSection(path.resolve(import.meta.dirname, "../docs/benchmarks.md"), "ledger", section);
  await runMetricsCost({ benchHttp, withDatabase }, process.argv.includes("--write") && !SMOKE);
}
