/**
 * The docs/benchmarks.md section of `npm run bench:scale`: the size, the table of calls with their targets, the
 * earning load, the jobs, the plans of the calls over target and the tables' and indexes' sizes.
 */
import os from "node:os";
import pg from "pg";
import { DOWNLOAD } from "./scale-calls";
import type { Plan } from "./scale-explain";
import type { LoadedSize } from "./scale-load";
import type { RunResult, Timing } from "./scale-run";

export const TARGETS = {
  playerP95Ms: 50,
  playerTimesEmpty: 2,
  consoleP95Ms: 150,
  /** A job's run "does not grow with the table": its p50 at size within 2 × the empty database's + 10 ms. */
  jobTimesEmpty: 2,
  jobSlackMs: 10,
};

/** Why `t` (at size) misses its target beside `e` (empty), or null. */
export function miss(t: Timing, e: Timing | undefined): string | null {
  if (t.group !== "job" && t.status !== 200) return `answered ${t.status}`;
  if (t.group === "player") {
    if (t.p95 > TARGETS.playerP95Ms && t.name !== DOWNLOAD) return `p95 > ${TARGETS.playerP95Ms} ms`;
    if (e && t.p95 > TARGETS.playerTimesEmpty * e.p95) return `p95 > ${TARGETS.playerTimesEmpty} × empty`;
  }
  if (t.group === "console" && t.p95 > TARGETS.consoleP95Ms) return `p95 > ${TARGETS.consoleP95Ms} ms`;
  if (t.group === "job" && e && t.p50 > TARGETS.jobTimesEmpty * e.p50 + TARGETS.jobSlackMs)
    return `p50 > ${TARGETS.jobTimesEmpty} × empty + ${TARGETS.jobSlackMs} ms`;
  return null;
}

const f = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const n = (x: number) => x.toLocaleString("en-US").replaceAll(",", " ");

function targetOf(t: Timing): string {
  if (t.name === DOWNLOAD) return `≤ ${TARGETS.playerTimesEmpty} × empty`;
  if (t.group === "player") return `≤ ${TARGETS.playerP95Ms} ms, ≤ ${TARGETS.playerTimesEmpty} × empty`;
  if (t.group === "console") return `≤ ${TARGETS.consoleP95Ms} ms`;
  return "flat";
}

function callTable(empty: Timing[], sized: Timing[]): string[] {
  const rows = sized.map((t) => {
    const e = empty.find((x) => x.name === t.name);
    const why = miss(t, e);
    const ratio = e && e.p95 > 0 ? (t.p95 / e.p95).toFixed(1) : "–";
    const status = `${t.status === 200 || t.group === "job" ? "" : ` (${t.status})`}${t.group !== "job" && t.n < Number(process.env.SCALE_REQUESTS ?? 30) ? ` (${t.n} requests)` : ""}`;
    return `| ${t.name} | ${e ? `${f(e.p50)} / ${f(e.p95)}` : "–"} | ${f(t.p50)} / ${f(t.p95)}${status} | ${ratio} | ${targetOf(t)} | ${why ? `✗ ${why}` : "✓"} |`;
  });
  return [
    "| call | empty p50 / p95 (ms) | at size p50 / p95 (ms) | × (p95) | target (p95) | |",
    "|---|---|---|---|---|---|",
    ...rows,
  ];
}

export interface TableSize {
  table: string;
  rows: number;
  tableMib: number;
  indexesMib: number;
  totalMib: number;
}

/** Rows (estimated by the planner's statistics) and sizes of the app's tables, biggest first. */
export async function tableSizes(url: string): Promise<TableSize[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      `select c.relname as table, greatest(c.reltuples, 0)::bigint as rows,
         pg_table_size(c.oid) / 1048576.0 as table_mib, pg_indexes_size(c.oid) / 1048576.0 as indexes_mib,
         pg_total_relation_size(c.oid) / 1048576.0 as total_mib
       from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname = 'public' and c.relkind = 'r' and c.relname not like 'bench_%'
       order by pg_total_relation_size(c.oid) desc limit 16`,
    );
    return r.rows.map((x) => ({
      table: x.table,
      rows: Number(x.rows),
      tableMib: Number(x.table_mib),
      indexesMib: Number(x.indexes_mib),
      totalMib: Number(x.total_mib),
    }));
  } finally {
    await client.end();
  }
}

export interface ScaleReport {
  size: LoadedSize;
  reused: boolean;
  migrationsMs: number;
  migrationsApplied: string[];
  empty: RunResult;
  sized: RunResult;
  plans: Plan[];
  sizes: TableSize[];
  postgres: string;
  started: string;
  loadBefore: string;
  loadAfter: string;
}

/**
 * What 10 M users would need, extrapolated from this run (stated as such): sizes and the load linear in rows, and
 * each call's or job's p50 as empty + (at size − empty) × the ratio of the sizes — the worst case of a cost linear
 * in the tables, which an index probe (logarithmic) or a rollup read (constant) beats. On p50s (see below).
 */
export function formatTenMillion(r: ScaleReport): string[] {
  const k = 10_000_000 / r.size.users;
  const mib = r.sizes.reduce((a, t) => a + t.totalMib, 0);
  const ledger = r.sizes.find((t) => t.table === "coin_ledger");
  const pairs = [...r.sized.calls, ...r.sized.jobs].map((t) => {
    const e = [...r.empty.calls, ...r.empty.jobs].find((x) => x.name === t.name);
    // p50s: a p95 of 30 requests on a shared machine is one or two outliers, which would grow with k.
    return { t, e, at10: e ? e.p50 + Math.max(0, t.p50 - e.p50) * k : t.p50 * k };
  });
  const over = pairs.filter(
    ({ t, at10 }) =>
      (t.group === "console" && at10 > TARGETS.consoleP95Ms) ||
      (t.group === "player" && t.name !== DOWNLOAD && at10 > TARGETS.playerP95Ms) ||
      (t.group === "job" && at10 > 1000),
  );
  return [
    `### What 10 M users would need (extrapolated from this run, ×${k.toFixed(0)})`,
    "",
    `- Disk: ${((mib * k) / 1024).toFixed(0)} GiB for the tables above (${(mib / 1024).toFixed(1)} GiB measured), the ledger ${ledger ? `${((ledger.totalMib * k) / 1024).toFixed(0)} GiB of which ${((ledger.indexesMib * k) / 1024).toFixed(0)} GiB indexes` : "–"}: beyond one machine's memory, so only the hot index pages stay cached (docs/scaling.md: partition the ledger by month).`,
    `- Loading it like this: ~${((r.size.loadSeconds * k) / 3600).toFixed(1)} h on this machine (linear in rows).`,
    `- Calls and jobs whose p50, grown linearly with the tables from empty to this size, would pass their target (or 1 s for a job) at 10 M: ${
      over.length
        ? over
            .map(
              ({ t, at10 }) =>
                `${t.name} (~${at10 >= 1000 ? `${(at10 / 1000).toFixed(1)} s` : `${at10.toFixed(0)} ms`})`,
            )
            .join("; ")
        : "none"
    }. The others stay within target even if they grew linearly; index probes and rollup reads grow far less.`,
    "- The earning path is per player (its profile, its allowance, its cause key: index probes); its rate at 10 M is the",
    "  rate at size above, less what a deeper B-tree and a colder cache cost.",
  ];
}

export function formatScale(r: ScaleReport): string {
  const cpus = os.cpus();
  const e = r.empty.earning;
  const s = r.sized.earning;
  const misses = [...r.sized.calls, ...r.sized.jobs].filter((t) =>
    miss(
      t,
      [...r.empty.calls, ...r.empty.jobs].find((x) => x.name === t.name),
    ),
  );
  return [
    "## Scale (`npm run bench:scale`)",
    "",
    `Run on ${r.started} UTC: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} logical cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; ${r.postgres}. Load average (1/5/15 min) before: ${r.loadBefore}; after: ${r.loadAfter} (a shared machine: figures, not tests).`,
    "",
    `At size: ${n(r.size.users)} users with profiles, ${n(r.size.ledgerRowsLoaded)} ledger rows over 90 days (aimed at ${n(r.size.ledgerRows)} earning rows; plus referral bonuses and redemptions), the other tables in proportion (sizes below). ${r.reused ? `Loaded by an earlier run (\`--reuse\`) at ${r.size.loadedAt.toISOString().slice(0, 16).replace("T", " ")} UTC in ${(r.size.loadSeconds / 60).toFixed(0)} min` : `Loaded by this run in ${(r.size.loadSeconds / 60).toFixed(1)} min`}; migrations applied on it by this run: ${r.migrationsApplied.length ? `${r.migrationsApplied.join(", ")} (${(r.migrationsMs / 1000).toFixed(0)} s)` : "none"}. Empty: the same loader at 100 users (the 5 bench players keep their full 90 days: ${n(5040)} rows each).`,
    "",
    "Each call: the compiled server (one process), the heaviest bench player or an administrator signed in, 2 warm-up then",
    `${process.env.SCALE_REQUESTS ?? 30} sequential requests (fewer, at least 10, when a call takes over 20 s in all), whole body read. Periodic jobs: 5 runs each, called directly on the database (p50 / slowest).`,
    "",
    ...callTable(r.empty.calls, r.sized.calls),
    "",
    ...callTable(r.empty.jobs, r.sized.jobs),
    "",
    `Earning (video watches, 32 connections, ${process.env.BENCH_SECONDS ?? 10} s): empty ${e.perSecond.toFixed(0)} awards/s, p50 ${e.p50} ms, p97.5 ${e.p97_5} ms, p99 ${e.p99} ms; at size ${s.perSecond.toFixed(0)} awards/s (${((s.perSecond / e.perSecond) * 100).toFixed(0)} %), p50 ${s.p50} ms, p97.5 ${s.p97_5} ms, p99 ${s.p99} ms${s.non2xx || e.non2xx ? `; non-2xx: ${e.non2xx} / ${s.non2xx}` : ""}.`,
    "",
    misses.length ? `Over target: ${misses.length}.` : "Every target met.",
    "",
    ...r.plans.flatMap((p) => [
      `<details><summary>Slowest statement of “${p.call}” (${p.ms.toFixed(1)} ms, auto_explain: EXPLAIN (ANALYZE, BUFFERS))</summary>`,
      "",
      "```",
      p.text.length > 6000 ? `${p.text.slice(0, 6000)}\n…` : p.text,
      "```",
      "",
      "</details>",
      "",
    ]),
    ...formatTenMillion(r),
    "",
    "Tables and indexes at size (pg_table_size, pg_indexes_size; rows as the planner counts them):",
    "",
    "| table | rows | table MiB | indexes MiB | total MiB |",
    "|---|---|---|---|---|",
    ...r.sizes.map(
      (t) =>
        `| ${t.table} | ${n(t.rows)} | ${t.tableMib.toFixed(0)} | ${t.indexesMib.toFixed(0)} | ${t.totalMib.toFixed(0)} |`,
    ),
  ].join("\n");
}
