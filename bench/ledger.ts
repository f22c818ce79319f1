/**
 * `npm run bench:ledger`: awards per second and latency through HTTP (the real compiled server: a video watch
 * started and completed — two requests per award, the videos shortened to 2 s and the daily limit raised so every
 * watch pays — 64 connections, many users) on PostgreSQL with one worker process and with the default
 * WEB_CONCURRENCY (one per core), and on PGlite; beside the same SQL run directly over `pg` at the same
 * concurrency — the statements the two requests send, made by the server's own functions (session lookup, start,
 * session lookup, completion with its award), without HTTP — and their ratio (ADR 049). Also the database's floor:
 * a bare INSERT ledger row + UPDATE balance transaction. And the server's resident memory (all its processes; RSS, USS:
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
import { childPids, sampleMemory, treeMemory } from "../tests/support/processes";
import { LOAD_ENV, startServer } from "../tests/support/server-process";
import { marked, writeSection } from "./doc-section";
import type { BeforeRun } from "./ledger-before";
import {
  benchSql,
  CONNECTIONS,
  cpuMsPerAward,
  machineBusySeconds,
  SECONDS,
  type Throughput,
  USERS,
} from "./ledger-sql";

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
}

export interface LedgerBenchResult {
  http: HttpRun[];
  /** The award's own statements run directly: what `ratio` divides by. */
  sql: Throughput;
  /** A bare INSERT + UPDATE transaction: the database's floor on this machine, for reference. */
  floor: Throughput;
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

/** `env`: more server variables (e.g. METRICS_ENABLED); `scrapeEveryMs`: GET /metrics this often during the load. */
export interface HttpRunOptions {
  env?: Record<string, string>;
  scrapeEveryMs?: number;
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
    let paid = 0;
    // The first process serves too; the others are its children.
    const workerCount = 1 + childPids(server.pid).length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = treeMemory(server.pid);
    const sampler = sampleMemory(server.pid);
    const busy = machineBusySeconds();
    const scraper = options.scrapeEveryMs ? scrapeDuring(server.url, options.scrapeEveryMs) : undefined;
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
          // An award is a completion that paid, not any 2xx (a too-early or limited watch answers 200 too).
          onResponse: (status, body) => {
            if (status === 200 && (JSON.parse(body) as { earned?: unknown }).earned) paid++;
          },
        },
      ],
    });
    await scraper?.stop();
    const load = sampler.stop();
    const cpu = cpuMsPerAward(busy, paid);
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

/**
 * `ratio`: HTTP awards/s to the same SQL's; `sqlToFloor`: the award's own SQL to the bare INSERT + UPDATE
 * transaction's; p99 at 64 connections: ≤ p99Ms, and no worse than the before run's (bench/ledger-before.ts).
 */
export const LEDGER_TARGETS = { ratio: 0.6, sqlToFloor: 0.5, p99Ms: 50, rssLoadMib: 250 } as const;

/** The before/after table: the same benchmark at LEDGER_BEFORE_REF and now, from one run (ADR 062, 067, 070). */
export function formatLedgerComparison(before: BeforeRun, after: LedgerBenchResult): string {
  const mark = (ok: boolean) => (ok ? " ✓" : " ✗");
  const http1 = (r: LedgerBenchResult) => r.http.find((x) => x.database === "PostgreSQL" && x.workers === 1);
  const httpN = (r: LedgerBenchResult) => r.http.find((x) => x.database === "PostgreSQL" && x.workers > 1);
  const b = before.result;
  const row = (
    label: string,
    of: (r: LedgerBenchResult) => number | undefined,
    digits: number,
    target?: (a: number, b: number) => boolean,
  ) => {
    const x = of(b);
    const y = of(after);
    const fmt = (n: number | undefined) => (n === undefined ? "—" : n.toFixed(digits));
    return `| ${label} | ${fmt(x)} | ${fmt(y)}${target && x !== undefined && y !== undefined ? mark(target(y, x)) : ""} |`;
  };
  return [
    `| (${CONNECTIONS} connections, ${USERS} users, ${SECONDS} s each) | before (${before.commit}) | after |`,
    "|---|---|---|",
    row("the award's own SQL, awards/s", (r) => r.sql.perSecond, 0),
    row("floor (bare INSERT + UPDATE), awards/s", (r) => r.floor.perSecond, 0),
    row(
      `award SQL ÷ floor (target ≥ ${LEDGER_TARGETS.sqlToFloor})`,
      (r) => r.sql.perSecond / r.floor.perSecond,
      2,
      (y) => y >= LEDGER_TARGETS.sqlToFloor,
    ),
    row(
      "the award's own SQL, p99 ms per award",
      (r) => r.sql.p99,
      1,
      (y, x) => y <= x,
    ),
    row("HTTP, 1 process, awards/s", (r) => http1(r)?.perSecond, 0),
    row(
      `HTTP, 1 process ÷ award SQL (target ≥ ${LEDGER_TARGETS.ratio})`,
      (r) => http1(r)?.ratio,
      2,
      (y) => y >= LEDGER_TARGETS.ratio,
    ),
    row(
      "HTTP, 1 process, p99 ms per request (no worse than before)",
      (r) => http1(r)?.p99,
      1,
      (y, x) => y <= x,
    ),
    row("HTTP, default WEB_CONCURRENCY, awards/s", (r) => httpN(r)?.perSecond, 0),
    row(
      `HTTP, default WEB_CONCURRENCY ÷ award SQL (target ≥ ${LEDGER_TARGETS.ratio})`,
      (r) => httpN(r)?.ratio,
      2,
      (y) => y >= LEDGER_TARGETS.ratio,
    ),
    row(
      "HTTP, default WEB_CONCURRENCY, p99 ms per request (no worse than before)",
      (r) => httpN(r)?.p99,
      1,
      (y, x) => y <= x,
    ),
    row("HTTP, PGlite, awards/s", (r) => r.http.find((x) => x.database === "PGlite")?.perSecond, 0),
    row("machine CPU per award, the award's own SQL (ms)", (r) => r.sql.cpuMsPerAward ?? undefined, 2),
    row("machine CPU per award, HTTP 1 process (ms)", (r) => http1(r)?.cpuMsPerAward ?? undefined, 2),
    row(
      "CPU bound of HTTP ÷ SQL (SQL's CPU per award ÷ HTTP's)",
      (r) => {
        const http = http1(r)?.cpuMsPerAward;
        return http && r.sql.cpuMsPerAward ? r.sql.cpuMsPerAward / http : undefined;
      },
      2,
    ),
    "",
    `Before: the benchmark as committed at ${before.ref} (${before.commit}), run from a temporary worktree (bench/ledger-before.ts);`,
    "after: this tree. Each side's ratios divide by its own SQL and floor rows, measured in its own half of the run.",
  ].join("\n");
}

export function formatLedgerBench(r: LedgerBenchResult): string {
  const mark = (ok: boolean) => (ok ? " ✓" : " ✗");
  const mib = (n: number | null) => (n === null ? "—" : n.toFixed(0));
  const cpu = (n: number | null | undefined) => (n === null || n === undefined ? "—" : n.toFixed(2));
  const rows = r.http.map(
    (x) =>
      `| HTTP, ${x.database}, ${x.label} | ${x.workers} | ${x.perSecond.toFixed(0)} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)}${x.database === "PostgreSQL" ? mark(x.p99 <= LEDGER_TARGETS.p99Ms) : ""} | ${x.ratio.toFixed(2)}${x.database === "PostgreSQL" ? mark(x.ratio >= LEDGER_TARGETS.ratio) : ""} | ${x.rssIdleMib.toFixed(0)} | ${x.rssLoadMib.toFixed(0)}${x.database === "PostgreSQL" ? mark(x.rssLoadMib <= LEDGER_TARGETS.rssLoadMib) : ""} | ${x.ussIdleMib.toFixed(0)} | ${x.ussLoadMib.toFixed(0)} | ${mib(x.footprintIdleMib)} | ${mib(x.footprintLoadMib)}${x.database === "PostgreSQL" && x.footprintLoadMib !== null ? mark(x.footprintLoadMib <= LEDGER_TARGETS.rssLoadMib) : ""} | ${x.total} | ${cpu(x.cpuMsPerAward)} |`,
  );
  return [
    `| path (${CONNECTIONS} connections, ${USERS} users, ${SECONDS} s) | processes | awards/s | p50 ms | p99 ms | ratio to SQL | RSS idle MiB | RSS under load MiB | USS idle MiB | USS under load MiB | footprint idle MiB | footprint under load MiB | awards | machine CPU ms per award |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    `| the same SQL run directly (the start with its session check; the completion with its session check and award; the streak step; pg, PostgreSQL) | — | ${r.sql.perSecond.toFixed(0)} | ${r.sql.p50.toFixed(1)} | ${r.sql.p99.toFixed(1)} | 1.00 | — | — | — | — | — | — | ${r.sql.total} | ${cpu(r.sql.cpuMsPerAward)} |`,
    `| floor: a bare INSERT + UPDATE transaction (pg, PostgreSQL) | — | ${r.floor.perSecond.toFixed(0)} | ${r.floor.p50.toFixed(1)} | ${r.floor.p99.toFixed(1)} | — | — | — | — | — | — | — | ${r.floor.total} | ${cpu(r.floor.cpuMsPerAward)} |`,
    "",
    `Targets on PostgreSQL: p99 ≤ ${LEDGER_TARGETS.p99Ms} ms, ratio ≥ ${LEDGER_TARGETS.ratio}, RSS under load ≤ ${LEDGER_TARGETS.rssLoadMib} MiB.`,
    "RSS and USS are sums over the server's processes (the first one and the workers it forks). The footprint counts each",
    "physical page they hold once: the RSS sum counts the pages every worker maps (the node binary's code) once per",
    "process, the USS sum leaves them out. For one process the footprint and the RSS are nearly the same figure.",
    "Machine CPU per award: the busy time of all the machine's cores (/proc/stat) during the run, divided by its awards —",
    "the load generator, the server and PostgreSQL together. With the cores kept busy, awards/s ≈ cores ÷ this.",
  ].join("\n");
}

/** The "Earning" part of docs/benchmarks.md: the runs of this tree, and before/after when a before run was made. */
export function formatLedgerSection(result: LedgerBenchResult, before: BeforeRun | null): string {
  return marked(
    "ledger",
    [
      "## Earning: throughput, tail latency and server memory",
      "",
      "`bench/ledger.ts`: awards per second through a video watch (start + complete) on the compiled server (session",
      "check, rate limit, award) with one worker process, with the default `WEB_CONCURRENCY` (one per core) and on",
      "PGlite, beside the same SQL run directly with `pg` at the same concurrency: the statements the two requests",
      "send, made by the server's own functions without HTTP (the ratio's denominator, ADR 049), and a bare",
      "INSERT + UPDATE transaction, the database's floor on this machine. RSS is the sum over the server's processes",
      "(the first one and its workers): after start-up and the sign-ups (idle), and the peak during the run. USS",
      "(unique set size, Linux) is the same sum over what each process holds privately: every worker maps the same",
      "node binary, whose code the RSS sum counts once per process and USS not at all (it comes on top, once). The",
      "target is judged on RSS. The load generator, the server and PostgreSQL share this machine's cores.",
      "",
      formatLedgerBench(result),
      ...(before ? ["", "### Before and after (ADR 070)", "", formatLedgerComparison(before, result)] : []),
    ].join("\n"),
  );
}

/**
 * Usage: npm run bench:ledger [-- --write] (--write: puts the sections into docs/benchmarks.md). Every run ends with
 * the cost of the metrics (bench/ledger-metrics.ts); `-- --metrics` runs only that.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { runMetricsCost } = await import("./ledger-metrics");
  if (process.argv.includes("--metrics")) {
    await runMetricsCost({ benchHttp, withDatabase }, process.argv.includes("--write"));
    process.exit(0);
  }
  const { runLedgerBefore } = await import("./ledger-before");
  const before = await runLedgerBefore();
  const result = await runLedgerBench();
  const section = formatLedgerSection(result, before);
  console.log(section);
  if (process.argv.includes("--write")) {
    const loads = loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ");
    writeSection(
      path.resolve(import.meta.dirname, "../docs/benchmarks.md"),
      "ledger",
      section.replace(
        "### Before and after (ADR 070)",
        `### Before and after (ADR 070)\n\nRun by \`npm run bench:ledger -- --write\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; load average after it: ${loads}.`,
      ),
    );
  }
  await runMetricsCost({ benchHttp, withDatabase }, process.argv.includes("--write"));
}
