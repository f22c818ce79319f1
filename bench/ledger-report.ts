/**
 * The tables and text of `npm run bench:ledger` (bench/ledger.ts) in docs/benchmarks.md: the runs of this tree,
 * what bounds each ratio on this machine (from the run's own figures), and before/after when a before run was made
 * (bench/ledger-before.ts).
 */
import { marked } from "./doc-section";
import type { HttpRun, LedgerBenchResult } from "./ledger";
import type { BeforeRun } from "./ledger-before";
import { CONNECTIONS, SECONDS, USERS } from "./ledger-load";

/**
 * `ratio`: HTTP awards/s to the same SQL's; `sqlToFloor`: the award's own SQL to the bare INSERT + UPDATE
 * transaction's; p99 at 64 connections: ≤ p99Ms, and no worse than the before run's (bench/ledger-before.ts).
 */
export const LEDGER_TARGETS = { ratio: 0.6, sqlToFloor: 0.5, p99Ms: 50, rssLoadMib: 250 } as const;

/** The ADR whose change the before/after table measures (bench/ledger-before.ts picks its before commit). */
const LEDGER_ADR = "ADRs 120 and 121";

const http1 = (r: LedgerBenchResult) => r.http.find((x) => x.database === "PostgreSQL" && x.workers === 1);
const httpN = (r: LedgerBenchResult) => r.http.find((x) => x.database === "PostgreSQL" && x.workers > 1);
const ms = (n: number | null | undefined) => (n === null || n === undefined ? "—" : n.toFixed(2));
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || !b ? undefined : a / b;
const fixed = (n: number | undefined) => (n === undefined ? "—" : n.toFixed(2));

/** SQL ÷ HTTP machine CPU per award: the most HTTP ÷ SQL can be with the cores busy. */
const httpCpuBound = (r: LedgerBenchResult, run = http1(r)) => ratio(r.sql.cpuMsPerAward, run?.cpuMsPerAward);

/** The same without the load generator's share of HTTP's CPU (it runs in the benchmark's process). */
function httpCpuBoundWithoutGenerator(r: LedgerBenchResult, run = http1(r)): number | undefined {
  const cpu = run?.cpuMsPerAward;
  const generator = run?.clientCpuMsPerAward;
  return cpu && generator !== null && generator !== undefined
    ? ratio(r.sql.cpuMsPerAward, cpu - generator)
    : undefined;
}

/** The before/after table: the same benchmark at the before commit and now, from one run (ADR 062 … 081). */
export function formatLedgerComparison(before: BeforeRun, after: LedgerBenchResult): string {
  const mark = (ok: boolean) => (ok ? " ✓" : " ✗");
  const b = before.result;
  const row = (
    label: string,
    of: (r: LedgerBenchResult) => number | null | undefined,
    digits: number,
    target?: (a: number, b: number) => boolean,
  ) => {
    const x = of(b) ?? undefined;
    const y = of(after) ?? undefined;
    const fmt = (n: number | undefined) => (n === undefined ? "—" : n.toFixed(digits));
    return `| ${label} | ${fmt(x)} | ${fmt(y)}${target && x !== undefined && y !== undefined ? mark(target(y, x)) : ""} |`;
  };
  const atLeast = (min: number) => (y: number) => y >= min;
  const noWorse = (y: number, x: number) => y <= x;
  return [
    `| (${CONNECTIONS} connections, ${USERS} users, ${SECONDS} s each) | before (${before.commit}) | after |`,
    "|---|---|---|",
    row("the award's own SQL, awards/s", (r) => r.sql.perSecond, 0),
    row("floor (bare INSERT + UPDATE), awards/s", (r) => r.floor.perSecond, 0),
    row(
      `award SQL ÷ floor (target ≥ ${LEDGER_TARGETS.sqlToFloor})`,
      (r) => r.sql.perSecond / r.floor.perSecond,
      2,
      atLeast(LEDGER_TARGETS.sqlToFloor),
    ),
    row("two-transaction floor (a watch row, then the floor), awards/s", (r) => r.twoFloor?.perSecond, 0),
    row(
      "two-transaction floor ÷ floor: the bound of award SQL ÷ floor",
      (r) => ratio(r.twoFloor?.perSecond, r.floor.perSecond),
      2,
    ),
    row("award SQL ÷ two-transaction floor", (r) => ratio(r.sql.perSecond, r.twoFloor?.perSecond), 2),
    row("the award's own SQL, p99 ms per award", (r) => r.sql.p99, 1, noWorse),
    row("HTTP, 1 process, awards/s", (r) => http1(r)?.perSecond, 0),
    row(
      `HTTP, 1 process ÷ award SQL (target ≥ ${LEDGER_TARGETS.ratio})`,
      (r) => http1(r)?.ratio,
      2,
      atLeast(LEDGER_TARGETS.ratio),
    ),
    row("HTTP, 1 process, p99 ms per request (no worse than before)", (r) => http1(r)?.p99, 1, noWorse),
    row("HTTP, default WEB_CONCURRENCY, awards/s", (r) => httpN(r)?.perSecond, 0),
    row(
      `HTTP, default WEB_CONCURRENCY ÷ award SQL (target ≥ ${LEDGER_TARGETS.ratio})`,
      (r) => httpN(r)?.ratio,
      2,
      atLeast(LEDGER_TARGETS.ratio),
    ),
    row(
      "HTTP, default WEB_CONCURRENCY, p99 ms per request (no worse than before)",
      (r) => httpN(r)?.p99,
      1,
      noWorse,
    ),
    row("HTTP, PGlite, awards/s", (r) => r.http.find((x) => x.database === "PGlite")?.perSecond, 0),
    row("machine CPU per award, floor (ms)", (r) => r.floor.cpuMsPerAward, 2),
    row("machine CPU per award, two-transaction floor (ms)", (r) => r.twoFloor?.cpuMsPerAward, 2),
    row("machine CPU per award, the award's own SQL (ms)", (r) => r.sql.cpuMsPerAward, 2),
    row("machine CPU per award, HTTP 1 process (ms)", (r) => http1(r)?.cpuMsPerAward, 2),
    row("— of which the load generator's (ms)", (r) => http1(r)?.clientCpuMsPerAward, 2),
    row("— of which the server process's (ms)", (r) => http1(r)?.serverCpuMsPerAward, 2),
    row(
      "— — of that in the kernel: its sockets' reads and writes (ms)",
      (r) => http1(r)?.serverKernelCpuMsPerAward,
      2,
    ),
    row(
      "the server process's CPU per paid watch, default WEB_CONCURRENCY (ms)",
      (r) => httpN(r)?.serverCpuMsPerAward,
      2,
    ),
    row("CPU bound of HTTP ÷ SQL (SQL's CPU per award ÷ HTTP's)", (r) => httpCpuBound(r), 2),
    row("the same without the load generator's CPU", (r) => httpCpuBoundWithoutGenerator(r), 2),
    "",
    `Before: the benchmark as committed at ${before.ref} (${before.commit}), run from a temporary worktree (bench/ledger-before.ts);`,
    "after: this tree. Each side's ratios divide by its own SQL and floor rows, measured in its own half of the run.",
  ].join("\n");
}

export function formatLedgerBench(r: LedgerBenchResult): string {
  const mark = (ok: boolean) => (ok ? " ✓" : " ✗");
  const mib = (n: number | null) => (n === null ? "—" : n.toFixed(0));
  const pg = (x: HttpRun) => x.database === "PostgreSQL";
  const rows = r.http.map(
    (x) =>
      `| HTTP, ${x.database}, ${x.label} | ${x.workers} | ${x.perSecond.toFixed(0)} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)}${pg(x) ? mark(x.p99 <= LEDGER_TARGETS.p99Ms) : ""} | ${x.ratio.toFixed(2)}${pg(x) ? mark(x.ratio >= LEDGER_TARGETS.ratio) : ""} | ${x.rssIdleMib.toFixed(0)} | ${x.rssLoadMib.toFixed(0)}${pg(x) ? mark(x.rssLoadMib <= LEDGER_TARGETS.rssLoadMib) : ""} | ${x.ussIdleMib.toFixed(0)} | ${x.ussLoadMib.toFixed(0)} | ${mib(x.footprintIdleMib)} | ${mib(x.footprintLoadMib)}${pg(x) && x.footprintLoadMib !== null ? mark(x.footprintLoadMib <= LEDGER_TARGETS.rssLoadMib) : ""} | ${x.total} | ${ms(x.cpuMsPerAward)} |`,
  );
  const reference = (label: string, t: LedgerBenchResult["floor"] | undefined) =>
    t
      ? [
          `| ${label} | — | ${t.perSecond.toFixed(0)} | ${t.p50.toFixed(1)} | ${t.p99.toFixed(1)} | — | — | — | — | — | — | — | ${t.total} | ${ms(t.cpuMsPerAward)} |`,
        ]
      : [];
  return [
    `| path (${CONNECTIONS} connections, ${USERS} users, ${SECONDS} s) | processes | awards/s | p50 ms | p99 ms | ratio to SQL | RSS idle MiB | RSS under load MiB | USS idle MiB | USS under load MiB | footprint idle MiB | footprint under load MiB | awards | machine CPU ms per award |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    `| the same SQL run directly (the start with its session check; the completion with its session check and award; the streak step; pg, PostgreSQL) | — | ${r.sql.perSecond.toFixed(0)} | ${r.sql.p50.toFixed(1)} | ${r.sql.p99.toFixed(1)} | 1.00 | — | — | — | — | — | — | ${r.sql.total} | ${ms(r.sql.cpuMsPerAward)} |`,
    ...reference("floor: a bare INSERT + UPDATE transaction (pg, PostgreSQL)", r.floor),
    ...reference(
      "two-transaction floor: a bare INSERT of a watch row in its own transaction (committed asynchronously, as a start is), then the floor's transaction (pg, PostgreSQL)",
      r.twoFloor,
    ),
    "",
    `Targets on PostgreSQL: p99 ≤ ${LEDGER_TARGETS.p99Ms} ms, ratio ≥ ${LEDGER_TARGETS.ratio}, RSS under load ≤ ${LEDGER_TARGETS.rssLoadMib} MiB; the award's SQL ≥ ${LEDGER_TARGETS.sqlToFloor} of the floor.`,
    "RSS and USS are sums over the server's processes (the first one and the workers it forks). The footprint counts each",
    "physical page they hold once: the RSS sum counts the pages every worker maps (the node binary's code) once per",
    "process, the USS sum leaves them out. For one process the footprint and the RSS are nearly the same figure.",
    "Machine CPU per award: the busy time of all the machine's cores (/proc/stat) during the run, divided by its awards —",
    "the load generator, the server and PostgreSQL together. With the cores kept busy, awards/s ≈ cores ÷ this.",
  ].join("\n");
}

/** What bounds each ratio on this machine, with this run's figures, and what would move the bound. */
export function formatLedgerBounds(r: LedgerBenchResult): string {
  const floor = r.floor;
  const two = r.twoFloor;
  const sqlToFloor = r.sql.perSecond / floor.perSecond;
  const lines = [
    "With the cores kept busy, a path's awards/s is about the cores ÷ its machine CPU per award, so a ratio of two paths",
    "is bounded by the inverse ratio of their CPU per award.",
    "",
  ];
  if (two) {
    const bound = two.perSecond / floor.perSecond;
    lines.push(
      `- **Award SQL ÷ floor: ${sqlToFloor.toFixed(2)}** (target ≥ ${LEDGER_TARGETS.sqlToFloor}). A paid watch is two transactions by design: the server records`,
      "  the start before the video plays (the watch it pays, the data download's list of watches) and the completion",
      "  pays; the floor is one transaction. The two-transaction floor — a bare INSERT of a watch row in its own",
      `  transaction, committed asynchronously as the start is, then the floor's transaction — runs at ${two.perSecond.toFixed(0)}/s:`,
      `  **${bound.toFixed(2)} of the floor** (machine CPU per award: floor ${ms(floor.cpuMsPerAward)} ms, two-transaction floor ${ms(two.cpuMsPerAward)} ms).`,
      `  No watch of two transactions passes that on this machine, whatever its statements; the award's SQL is at ${(r.sql.perSecond / two.perSecond).toFixed(2)}`,
      `  of the two-transaction floor. Its ${ms(r.sql.cpuMsPerAward)} ms of CPU per award against the two bare transactions'`,
      `  ${ms(two.cpuMsPerAward)} ms are the award's own work: the session's check in each request, the profile's lock with the`,
      "  second look at the account and session, the allowance's counter, the event row, the watch's update, and the",
      `  server's functions building and reading the statements (the benchmark's process: ${ms(r.sql.clientCpuMsPerAward)} ms per award,`,
      `  the floors' pg alone ${ms(two.clientCpuMsPerAward)} ms). What would move the bound: a start that is not a write (a start the`,
      "  server signs and the client hands back would make a watch one transaction, but the product records every",
      "  watch); a cheaper start (its row's indexes and foreign keys). An index less on coin_ledger is paid by the",
      "  floor too, so it moves both rows and the ratio little. What would move the award within it: fewer statements",
      "  and writes of its own.",
    );
  } else
    lines.push(
      `- **Award SQL ÷ floor: ${sqlToFloor.toFixed(2)}** (target ≥ ${LEDGER_TARGETS.sqlToFloor}); the two-transaction floor was not measured.`,
    );
  const run = http1(r);
  const bound = httpCpuBound(r, run);
  if (run && bound !== undefined) {
    const generator = run.clientCpuMsPerAward;
    const server = run.serverCpuMsPerAward;
    const rest =
      run.cpuMsPerAward !== null && generator != null && server != null
        ? run.cpuMsPerAward - generator - server
        : null;
    lines.push(
      `- **HTTP ÷ award SQL (1 process): ${run.ratio.toFixed(2)}** (target ≥ ${LEDGER_TARGETS.ratio}). Machine CPU per award: HTTP ${ms(run.cpuMsPerAward)} ms, the`,
      `  SQL run directly ${ms(r.sql.cpuMsPerAward)} ms: **bound ${bound.toFixed(2)}**. Of HTTP's ${ms(run.cpuMsPerAward)} ms the load generator (autocannon and the`,
      `  memory sampler, in the benchmark's process) takes ${ms(generator)} ms, the server's process ${ms(server)} ms (${ms(run.serverKernelCpuMsPerAward)} ms of it in the kernel), PostgreSQL and`,
      `  the rest (the kernel's network stack, other work on the machine) ${ms(rest)} ms. With the load generator on other cores`,
      `  the bound would be ${fixed(httpCpuBoundWithoutGenerator(r, run))}. What would move it: the load generator off this machine's cores; less server CPU`,
      "  per request (HTTP parsing, the session cookie's check, the rate limit, JSON, the event consumers' batches);",
      "  more cores do not, the three share them. A cheaper award lowers the SQL's and HTTP's CPU by the same",
      "  milliseconds, so it lowers this ratio: on one machine the two targets pull against each other.",
    );
  }
  return lines.join("\n");
}

/**
 * The "Earning" part of docs/benchmarks.md: the runs of this tree, the bounds, and before/after when a before run
 * was made; `runNote` (when and under what load it ran) heads the before/after table.
 */
export function formatLedgerSection(
  result: LedgerBenchResult,
  before: BeforeRun | null,
  runNote?: string,
  /** The side-by-side table (bench/ledger-side-by-side.ts), when it ran. */
  sideBySide?: string,
): string {
  return marked(
    "ledger",
    [
      "## Earning: throughput, tail latency and server memory",
      "",
      "`bench/ledger.ts`: awards per second through a video watch (start + complete) on the compiled server (session",
      "check, rate limit, award) with one worker process, with the default `WEB_CONCURRENCY` (one per core) and on",
      "PGlite, beside the same SQL run directly with `pg` at the same concurrency: the statements the two requests",
      "send, made by the server's own functions without HTTP (the ratio's denominator, ADR 049), a bare",
      "INSERT + UPDATE transaction, the database's floor on this machine, and the two-transaction floor (a watch's",
      "least: its start's row, then the floor). RSS is the sum over the server's processes",
      "(the first one and its workers): after start-up and the sign-ups (idle), and the peak during the run. USS",
      "(unique set size, Linux) is the same sum over what each process holds privately: every worker maps the same",
      "node binary, whose code the RSS sum counts once per process and USS not at all (it comes on top, once). The",
      "target is judged on RSS. The load generator, the server and PostgreSQL share this machine's cores.",
      "",
      formatLedgerBench(result),
      "",
      "### What bounds the ratios on this machine",
      "",
      formatLedgerBounds(result),
      ...(before
        ? [
            "",
            `### Before and after (${LEDGER_ADR})`,
            ...(runNote ? ["", runNote] : []),
            "",
            formatLedgerComparison(before, result),
          ]
        : []),
      ...(sideBySide ? ["", sideBySide] : []),
    ].join("\n"),
  );
}
