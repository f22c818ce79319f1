/**
 * The table and the docs/benchmarks.md section of `npm run bench:migrations`: each step of the upgrade with its
 * wall time, the writer's longest stall during it and the awards it completed meanwhile.
 */
import os from "node:os";
import type { StepWindow } from "./migrations-steps";
import { type AwardSample, stallDuring } from "./migrations-writer";
import type { LoadedSize } from "./scale-load";
import { DEFAULT_LEDGER_ROWS, DEFAULT_USERS } from "./scale-plan";

export interface MigrationsRun {
  started: string;
  size: LoadedSize;
  /** Whether the previous release's database was loaded by this run (else reused from an earlier one). */
  loaded: boolean;
  cloneMs: number;
  previousRelease: string;
  lastReleased: string;
  windows: StepWindow[];
  samples: readonly AwardSample[];
  postgres: string;
  loadBefore: string;
  loadAfter: string;
}

const n = (x: number) => Math.round(x).toLocaleString("en-US").replaceAll(",", " ");

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** The table: one row per step, the writer alone before and after the upgrade included. */
export function stepTable(windows: readonly StepWindow[], samples: readonly AwardSample[]): string[] {
  const rows = windows.map((w) => {
    const stall = stallDuring(samples, w.from, w.to);
    const failed = stall.failed ? ` (${stall.failed} failed)` : "";
    return `| ${w.step} | ${n(w.to - w.from)} | ${n(stall.longestMs)} | ${n(stall.awards)}${failed} |`;
  });
  return [
    "| step | wall ms | writer's longest stall ms | awards during it |",
    "|---|---:|---:|---:|",
    ...rows,
  ];
}

/** What the writer did over the whole run: its awards, their outcomes and latency. */
export function writerSummary(samples: readonly AwardSample[]): string {
  const latencies = samples.map((s) => s.end - s.start).sort((a, b) => a - b);
  const count = (outcome: AwardSample["outcome"]) => samples.filter((s) => s.outcome === outcome).length;
  return `The writer made ${n(samples.length)} awards (${n(count("paid"))} paid, ${n(count("limited"))} over the day's allowance, ${n(count("error"))} failed); latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${n(latencies.at(-1) ?? 0)} ms.`;
}

function sizeLine(run: MigrationsRun): string {
  const { size } = run;
  const full = size.users === DEFAULT_USERS && size.ledgerRows === DEFAULT_LEDGER_ROWS;
  const loaded = run.loaded
    ? `loaded by this run in ${(size.loadSeconds / 60).toFixed(1)} min`
    : `loaded by an earlier run (\`--reuse\`) in ${(size.loadSeconds / 60).toFixed(1)} min`;
  const scale = full
    ? "the default size."
    : `not the default size (${n(DEFAULT_USERS)} / ${n(DEFAULT_LEDGER_ROWS)}): ${(DEFAULT_LEDGER_ROWS / size.ledgerRows).toFixed(1)} × smaller. A step that scans a loaded table while it holds a lock stalls the writer in proportion to the table, or worse once the table no longer fits in memory: at the default size, expect at least that many times longer (an extrapolation, not a measurement).`;
  return `Size run: ${n(size.users)} players, ${n(size.ledgerRowsLoaded)} ledger rows (bench:scale's loader, ${loaded}; copied for this run in ${(run.cloneMs / 1000).toFixed(1)} s) — ${scale}`;
}

/** The section of docs/benchmarks.md (without its marks). */
export function formatMigrations(run: MigrationsRun): string {
  const cpus = os.cpus();
  return [
    "## Migrations under a writer (`npm run bench:migrations`)",
    "",
    `Run on ${run.started} UTC: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} logical cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; ${run.postgres}. Load average (1/5/15 min) before: ${run.loadBefore}; after: ${run.loadAfter} (a shared machine: figures, not tests).`,
    "",
    sizeLine(run),
    "",
    `The database is at the previous release's schema (${run.previousRelease}: migrations up to ${run.lastReleased}, its SQL functions), then upgraded step by step as the app's start-up does it (one migration per transaction, lock_timeout 500 ms with retries; the indexes built CONCURRENTLY; the changed SQL functions together) while one connection awards coins without a pause through the app's award (a Tic Tac Toe win to a random player). A stall is the longest award that overlapped the step.`,
    "",
    ...stepTable(run.windows, run.samples),
    "",
    writerSummary(run.samples),
  ].join("\n");
}
