/**
 * `npm run bench:migrations`: what an upgrade does to the books while players earn. A PostgreSQL database at the
 * previous release's schema (bench/migrations-previous.ts) is loaded by bench:scale's loader (default 1 000 000
 * players, ~20 000 000 ledger rows), copied, and upgraded on the copy step by step as the app's start-up does it
 * (bench/migrations-steps.ts) while a writer awards coins without a pause (bench/migrations-writer.ts). Prints each
 * step's wall time, the writer's longest stall during it and the awards it made meanwhile; then checks the books
 * (bench:scale's invariants: every balance its ledger sum, the allowance counters their rows). Figures, not tests:
 * exits non-zero only when a step, an award or an invariant fails.
 *
 * Options: --url (an admin URL of the PostgreSQL server; BENCH_DATABASE_URL, default the local one), --db (the
 * upgraded copy, default ple_migrations; the loaded previous-release database is <db>_previous), --users,
 * --ledger-rows (default 20 per player), --reuse (keep <db>_previous when it was loaded at this size),
 * --baseline-ms (the writer alone before and after the upgrade), --write (the section of docs/benchmarks.md).
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { PREVIOUS_RELEASE } from "../tests/support/previous-release";
import { marked, writeSection } from "./doc-section";
import { migrateToPreviousRelease, previousMigrationNames } from "./migrations-previous";
import { formatMigrations, stepTable, writerSummary } from "./migrations-report";
import { runUpgradeSteps, type StepWindow } from "./migrations-steps";
import { startWriter } from "./migrations-writer";
import { databaseUrl, prepareScaleDatabase } from "./scale-db";
import { invariantBreaches } from "./scale-load";
import { DEFAULT_LEDGER_ROWS, DEFAULT_USERS } from "./scale-plan";
import { SMOKE, smokeOr } from "./smoke";

const { values } = parseArgs({
  options: {
    url: {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    // --smoke: a small database of its own, nothing written (bench/smoke.ts); --no-build is accepted and unused.
    smoke: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    db: { type: "string", default: smokeOr("ple_migrations", "ple_migrations_smoke") },
    users: { type: "string", default: String(smokeOr(DEFAULT_USERS, 200)) },
    "ledger-rows": { type: "string" },
    reuse: { type: "boolean", default: false },
    "baseline-ms": { type: "string", default: String(smokeOr(5000, 300)) },
    write: { type: "boolean", default: false },
  },
});
const users = Number(values.users);
const ledgerRows = Number(values["ledger-rows"] ?? Math.round((users * DEFAULT_LEDGER_ROWS) / DEFAULT_USERS));
const baselineMs = Number(values["baseline-ms"]);
if (!Number.isInteger(users) || users < 20 || !Number.isInteger(ledgerRows) || ledgerRows < 1)
  throw new Error("--users must be a whole number ≥ 20 and --ledger-rows ≥ 1");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
const log = (line: string) => console.log(line);
const started = new Date().toISOString().replace("T", " ").slice(0, 16);
const loadBefore = load();
const previous = `${values.db}_previous`;

const prepared = await prepareScaleDatabase(
  values.url,
  previous,
  { users, ledgerRows },
  { reuse: values.reuse, log, migrate: migrateToPreviousRelease },
);
const cloneStarted = performance.now();
await admin(async (client) => {
  await client.query(`drop database if exists "${values.db}" with (force)`);
  // A big database copies faster file by file; a small one without file_copy's checkpoint (seconds on a busy disk).
  const strategy = prepared.size.ledgerRowsLoaded > 1_000_000 ? "file_copy" : "wal_log";
  await client.query(`create database "${values.db}" template "${previous}" strategy ${strategy}`);
});
const cloneMs = performance.now() - cloneStarted;
log(`${values.db}: copied from ${previous} in ${(cloneMs / 1000).toFixed(1)} s; upgrading it under a writer`);

const url = databaseUrl(values.url, values.db);
const writer = await startWriter(url);
const windows: StepWindow[] = [];
let failure: unknown = null;
try {
  windows.push(await idle("writer alone, before the upgrade"));
  windows.push(...(await runUpgradeSteps(url, log)));
  windows.push(await idle("writer alone, after the upgrade"));
} catch (error) {
  failure = error;
} finally {
  await writer.stop();
}

console.log(`\n${stepTable(windows, writer.samples).join("\n")}\n\n${writerSummary(writer.samples)}`);
if (failure) throw failure;
const broken = Object.entries(await invariantBreaches(url)).filter(([, count]) => count !== 0);
if (writer.errors.length) console.error(`awards failed: ${writer.errors.join("; ")}`);
if (broken.length) console.error(`invariants broken after the upgrade: ${JSON.stringify(broken)}`);
if (writer.errors.length || broken.length) process.exit(1);
console.log("the books hold: every balance is its ledger sum, every allowance counter its rows");

if (values.write && !SMOKE) {
  const names = previousMigrationNames();
  const section = formatMigrations({
    started,
    size: prepared.size,
    loaded: prepared.loaded,
    cloneMs,
    previousRelease: PREVIOUS_RELEASE,
    lastReleased: names.at(-1) ?? "?",
    windows,
    samples: writer.samples,
    postgres: await admin(postgresInfo),
    loadBefore,
    loadAfter: load(),
  });
  const out = path.resolve(import.meta.dirname, "../docs/benchmarks.md");
  writeSection(out, "migrations", marked("migrations", section));
  console.log(`wrote the migrations section of ${path.relative(process.cwd(), out)}`);
}

/** The writer alone for --baseline-ms: its latency with no upgrade going on, to compare with. */
async function idle(step: string): Promise<StepWindow> {
  const from = performance.now();
  await new Promise((resolve) => setTimeout(resolve, baselineMs));
  return { step, from, to: performance.now() };
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: values.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresInfo(client: pg.Client): Promise<string> {
  const show = async (name: string) => Object.values((await client.query(`show ${name}`)).rows[0] ?? {})[0];
  return `PostgreSQL ${await show("server_version")} (shared_buffers ${await show("shared_buffers")}) on the same machine`;
}
