/**
 * `npm run bench:scale`: loads a PostgreSQL database to a size (default 1 000 000 users, ~20 000 000 ledger rows over
 * 90 days, the other tables in proportion: bench/scale-load.ts) and an almost empty one, then times every call a
 * player and an administrator make, the earning load and the periodic jobs on both in one run
 * (bench/scale-run.ts), takes the plans of the calls over target (bench/scale-explain.ts), measures the tables'
 * sizes and writes its section of docs/benchmarks.md (ADR 073). Figures, not tests; kept out of `npm test`.
 *
 * Options: --url (an admin URL of the PostgreSQL server; BENCH_DATABASE_URL, default the local one), --db (the
 * sized database, default ple_scale; the empty one is <db>_empty, made anew each run), --users, --ledger-rows (the
 * earning rows aimed at; default 20 per user), --reuse (keep the sized database when it was loaded at this size:
 * only the migrations run), --load-only, --no-write (print the section, leave docs/benchmarks.md).
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { marked, writeSection } from "./doc-section";
import { type CallContext, callContext, consoleCalls, playerCalls } from "./scale-calls";
import { prepareScaleDatabase } from "./scale-db";
import { autoExplain, type Plan, plansOf } from "./scale-explain";
import { DEFAULT_LEDGER_ROWS, DEFAULT_USERS } from "./scale-plan";
import { formatScale, miss, tableSizes } from "./scale-report";
import { runOn, signInBoth, withServer } from "./scale-run";
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
    db: { type: "string", default: smokeOr("ple_scale", "ple_scale_smoke") },
    users: { type: "string", default: String(smokeOr(DEFAULT_USERS, 200)) },
    "ledger-rows": { type: "string" },
    reuse: { type: "boolean", default: false },
    "load-only": { type: "boolean", default: false },
    "no-write": { type: "boolean", default: SMOKE },
  },
});
const users = Number(values.users);
const ledgerRows = Number(values["ledger-rows"] ?? Math.round((users * DEFAULT_LEDGER_ROWS) / DEFAULT_USERS));
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

const sized = await prepareScaleDatabase(
  values.url,
  values.db,
  { users, ledgerRows },
  { reuse: values.reuse, log },
);
if (values["load-only"]) process.exit(0);
const emptyName = `${values.db}_empty`;
const empty = await prepareScaleDatabase(
  values.url,
  emptyName,
  { users: 100, ledgerRows: 2000 },
  { reuse: false, log },
);

log("empty database:");
const emptyCtx = await callContext(empty.url, empty.size);
const emptyRun = await runOn(empty.url, emptyCtx, log);
log(`at size (${sized.size.users} users):`);
const sizedCtx = await callContext(sized.url, sized.size);
const sizedRun = await runOn(sized.url, sizedCtx, log);

const plans = await missedPlans(sizedCtx);
const sizes = await tableSizes(sized.url);
const report = formatScale({
  size: sized.size,
  reused: !sized.loaded,
  migrationsMs: sized.migrations.ms,
  migrationsApplied: sized.migrations.applied.filter((m) => !m.startsWith("sql:")),
  empty: emptyRun,
  sized: sizedRun,
  plans,
  sizes,
  postgres: await postgresInfo(sized.url),
  started,
  loadBefore,
  loadAfter: load(),
});
console.log(`\n${report}`);
if (!values["no-write"]) {
  const out = path.resolve(import.meta.dirname, "../docs/benchmarks.md");
  writeSection(out, "scale", marked("scale", report));
  console.log(`wrote the scale section of ${path.relative(process.cwd(), out)}`);
}

/** The plans of the calls over target at size, through auto_explain (turned off again after). */
async function missedPlans(ctx: CallContext): Promise<Plan[]> {
  const calls = [...playerCalls(ctx), ...consoleCalls(ctx)];
  const missed = calls.filter((c) => {
    const t = sizedRun.calls.find((x) => x.name === c.name);
    return (
      t &&
      t.status === 200 &&
      miss(
        t,
        emptyRun.calls.find((x) => x.name === c.name),
      )
    );
  });
  if (!missed.length) return [];
  const logFile = await autoExplain(values.url, values.db, true);
  try {
    if (!logFile) return missed.map((c) => ({ call: c.name, ms: 0, text: "(no readable PostgreSQL log)" }));
    return await withServer(sized.url, async (server) =>
      plansOf(server, await signInBoth(server, ctx), missed, logFile, values.url, values.db),
    );
  } finally {
    await autoExplain(values.url, values.db, false);
  }
}

async function postgresInfo(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const v = (await client.query("show server_version")).rows[0].server_version;
    const sb = (await client.query("show shared_buffers")).rows[0].shared_buffers;
    const wm = (await client.query("show work_mem")).rows[0].work_mem;
    return `PostgreSQL ${v} (shared_buffers ${sb}, work_mem ${wm}) on the same machine`;
  } finally {
    await client.end();
  }
}
