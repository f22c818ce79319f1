/**
 * `npm run bench`: builds dist/ when stale, then measures what a guest's first visit to each route really loads
 * (Chromium), Lighthouse mobile and desktop on the key pages, load → live and a first tap's INP per prerendered
 * page at 1× and 4× CPU (bench/interaction.ts), and the ledger's throughput, tail latency and the
 * server's memory per database and worker count; writes docs/benchmarks.md with the machine and load average.
 * Needs Chromium and PostgreSQL (BENCH_DATABASE_URL, else the local server). LIGHTHOUSE_RUNS (default 3) sets
 * the runs per page; BENCH_SECONDS the ledger's duration.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "../tests/support/server-process";
import { bundleMisses, formatBundle, runBundleBench } from "./bundle";
import { sectionOf } from "./doc-section";
import { formatInteraction, interactionMisses, runInteractionBench } from "./interaction";
import {
  formatLedgerSection,
  LEDGER_TARGETS,
  runLedgerBench,
  signUpEarners,
  watchLoad,
  withDatabase,
} from "./ledger";
import { runLedgerBefore } from "./ledger-before";
import { formatSideBySide, runSideBySide } from "./ledger-side-by-side";
import { formatLighthouse, lighthouseMisses, runLighthouse } from "./lighthouse";
import { benchPostbacks, formatPartnersSection } from "./partners";
import { benchQuizImport, formatQuizImportSection } from "./quiz-import";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const out = path.resolve(import.meta.dirname, "../docs/benchmarks.md");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

function machine(): string[] {
  const cpus = os.cpus();
  return [
    `- Date: ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC`,
    `- CPU: ${cpus[0]?.model ?? "unknown"}, ${cpus.length} logical cores (${os.availableParallelism()} available)`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node ${process.version}, ${os.type()} ${os.release()} (${os.arch()})`,
    `- Load average (1/5/15 min) at start: ${load()}`,
  ];
}

const started = machine();
ensureBuild();
console.log("first-load JS per route (Chromium)…");
const bundle = await runBundleBench();
const loadAfterBundle = load();
console.log(`Lighthouse (mobile, ${runs} run(s) per page)…`);
const mobile = await runLighthouse({ preset: "mobile", runs });
console.log(`Lighthouse (desktop, ${runs} run(s) per page)…`);
const desktop = await runLighthouse({ preset: "desktop", runs });
const loadAfterLighthouse = load();
console.log("load → live and first-tap INP per prerendered page…");
const interaction = await runInteractionBench({ runs });
console.log("ledger throughput and memory…");
const ledgerBefore = await runLedgerBefore();
const ledger = await runLedgerBench();
const sideBySide = await runSideBySide({ signUpEarners, watchLoad, withDatabase });
const loadAfterLedger = load();
console.log("earning partners' postbacks per second…");
const postbacks = await withDatabase(benchPostbacks);
// Compared with the award's HTTP rate of this run on the same footing: PostgreSQL, one worker.
const awardRate = ledger.http.find((x) => x.database === "PostgreSQL" && x.workers === 1)?.perSecond ?? 0;
const partnersSection = formatPartnersSection(postbacks, awardRate, load());
console.log("a 1 000-question quiz import over HTTP…");
const quizImportSection = formatQuizImportSection(await withDatabase(benchQuizImport), load());

const sqlToFloor = ledger.sql.perSecond / ledger.floor.perSecond;
const ledgerMisses = [
  ...(sqlToFloor < LEDGER_TARGETS.sqlToFloor
    ? [`The award's SQL at ${sqlToFloor.toFixed(2)} of the floor < ${LEDGER_TARGETS.sqlToFloor}.`]
    : []),
];
ledgerMisses.push(
  ...ledger.http
    .filter((x) => x.database === "PostgreSQL")
    .flatMap((x) => [
      ...(x.p99 > LEDGER_TARGETS.p99Ms
        ? [`Ledger p99 ${x.p99.toFixed(0)} ms (${x.label}) > ${LEDGER_TARGETS.p99Ms} ms.`]
        : []),
      ...(x.ratio < LEDGER_TARGETS.ratio
        ? [`Ledger ratio ${x.ratio.toFixed(2)} (${x.label}) < ${LEDGER_TARGETS.ratio}.`]
        : []),
      ...(x.rssLoadMib > LEDGER_TARGETS.rssLoadMib
        ? [
            `Server RSS under load ${x.rssLoadMib.toFixed(0)} MiB (${x.label}) > ${LEDGER_TARGETS.rssLoadMib} MiB.`,
          ]
        : []),
      ...(x.footprintLoadMib !== null && x.footprintLoadMib > LEDGER_TARGETS.rssLoadMib
        ? [
            `Server footprint under load ${x.footprintLoadMib.toFixed(0)} MiB (${x.label}) > ${LEDGER_TARGETS.rssLoadMib} MiB.`,
          ]
        : []),
    ]),
);
const misses = [
  ...bundleMisses(bundle),
  ...lighthouseMisses(mobile),
  ...lighthouseMisses(desktop),
  ...interactionMisses(interaction),
  ...ledgerMisses,
];

const report = [
  "# Benchmarks",
  "",
  "Written by `npm run bench` (`bench/run-all.ts`); do not edit by hand. Figures depend on the machine and on",
  "what else it was doing (load averages below): on a shared machine they are noisy, and they are figures, not tests.",
  "",
  "## Machine",
  "",
  ...started,
  `- Load average after the first-load run: ${loadAfterBundle}; after Lighthouse: ${loadAfterLighthouse}; after the ledger runs: ${loadAfterLedger}`,
  "",
  "## Targets",
  "",
  misses.length ? ["Missed:", "", ...misses.map((m) => `- ${m}`)].join("\n") : "All met.",
  "",
  "## First-load JS and CSS per route",
  "",
  "What a guest's first visit really makes the browser fetch (`bench/bundle.ts`, `tests/support/first-load.ts`):",
  "headless system Chromium, phone viewport, empty cache, every JS and CSS response until the network has been",
  "idle for 500 ms, each body counted as gzip level 6 (the server actually sends the build's brotli files, which are",
  "smaller). Beside it, the static-graph count of Vite's manifest (entry + route chunk and their static imports).",
  'Budget: "/" ≤ 90 kB of JS by the browser\'s count, checked on every `npm test` by `tests/e2e/first-load.e2e.test.ts`.',
  "",
  formatBundle(bundle),
  "",
  "## Lighthouse",
  "",
  "Guest visits to the built, prerendered app served by the compiled server (`node dist/server/main.js`) in",
  "`NODE_ENV=production` (random `AUTH_SECRET`, `SMTP_URL` pointing at a local SMTP sink, PGlite), headless system",
  "Chromium.",
  "",
  "### Mobile",
  "",
  formatLighthouse(mobile),
  "",
  "### Desktop",
  "",
  formatLighthouse(desktop),
  "",
  formatInteraction(interaction),
  "",
  formatLedgerSection(ledger, ledgerBefore, undefined, sideBySide ? formatSideBySide(sideBySide) : undefined),
  "",
  partnersSection,
  "",
  quizImportSection,
  "",
].join("\n");

// The dependency-fault figures come from `npm run bench:faults`, the scale figures from `npm run bench:scale`
// (an hour's load of its own), the farming figures from `npm run bench:farming -- --write`, the upgrade's from
// `npm run bench:migrations -- --write` (the same load): keep them.
const kept = ["faults", "scale", "farming", "migrations"].map((name) => sectionOf(out, name)).filter(Boolean);
writeFileSync(out, kept.length ? `${report.trimEnd()}\n\n${kept.join("\n\n")}\n` : report);
console.log(`\n${report}\nwrote ${path.relative(process.cwd(), out)}`);
