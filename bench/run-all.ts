/**
 * `npm run bench`: builds the web app, then measures first-load JS/CSS per route, Lighthouse on the key pages
 * (desktop: the targets; mobile: for information) and the ledger's HTTP/SQL throughput, and writes
 * docs/benchmarks.md with the machine and date. Needs Chromium and PostgreSQL (BENCH_DATABASE_URL, else the
 * local server). LIGHTHOUSE_RUNS (default 3) sets the runs per page; BENCH_SECONDS the ledger's duration.
 */
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HOME_JS_BUDGET_BYTES, measureRoutes, type RouteSize } from "./bundle-size";
import { formatLedgerBench, runLedgerBench } from "./ledger";
import {
  buildWeb,
  formatLighthouse,
  type LighthouseResult,
  lighthouseMisses,
  runLighthouse,
} from "./lighthouse";

const LEDGER_TARGET = 0.5;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const out = path.resolve(import.meta.dirname, "../docs/benchmarks.md");
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
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

/** Bytes the server sends for these build files: the `.br` the build wrote, or the file itself if it is tiny. */
function brotliBytes(outDir: string, files: string[]): number {
  return files.reduce((total, file) => {
    const br = path.join(outDir, `${file}.br`);
    return total + statSync(existsSync(br) ? br : path.join(outDir, file)).size;
  }, 0);
}

function bundleSection(outDir: string, sizes: RouteSize[]): { lines: string[]; misses: string[] } {
  const home = sizes.find((s) => s.route === "/");
  const misses =
    home && home.jsGzipBytes > HOME_JS_BUDGET_BYTES
      ? [
          `"/" loads ${kb(home.jsGzipBytes)} of JS, ${kb(home.jsGzipBytes - HOME_JS_BUDGET_BYTES)} over the budget.`,
        ]
      : [];
  return {
    misses,
    lines: [
      `What a first visit to each route loads: the entry chunk and its static imports plus the route's lazy chunks and theirs (\`bench/bundle-size.ts\`), gzip level 6 — the budget's measure. "Sent" is what the server actually transfers to a browser that accepts brotli (the build's \`.br\` files). Target: "/" ≤ ${kb(HOME_JS_BUDGET_BYTES)} of JS gzip.`,
      "",
      "| route | JS gzip | CSS gzip | JS + CSS sent (brotli) | JS files |",
      "|---|---|---|---|---|",
      ...sizes.map(
        (s) =>
          `| ${s.route} | ${kb(s.jsGzipBytes)}${s.route === "/" ? (s.jsGzipBytes <= HOME_JS_BUDGET_BYTES ? " ✓" : " ✗") : ""} | ${kb(s.cssGzipBytes)} | ${kb(brotliBytes(outDir, [...s.jsFiles, ...s.cssFiles]))} | ${s.jsFiles.length} |`,
      ),
    ],
  };
}

const started = machine();
console.log("building the web app…");
const webRoot = await buildWeb({ manifest: true });
const sizes = measureRoutes(webRoot);
rmSync(path.join(webRoot, ".vite"), { recursive: true, force: true });
const bundle = bundleSection(webRoot, sizes);

console.log(`Lighthouse (desktop, ${runs} run(s) per page)…`);
const desktop: LighthouseResult = await runLighthouse({ preset: "desktop", runs });
console.log(`Lighthouse (mobile, ${runs} run(s) per page)…`);
const mobile: LighthouseResult = await runLighthouse({ preset: "mobile", runs });
const loadAfterLighthouse = load();

console.log("ledger throughput…");
const ledger = await runLedgerBench();
const loadAfterLedger = load();

const misses = [
  ...bundle.misses,
  ...lighthouseMisses(desktop),
  ...(ledger.ratio < LEDGER_TARGET
    ? [
        `Ledger ratio ${ledger.ratio.toFixed(2)} is ${(LEDGER_TARGET - ledger.ratio).toFixed(2)} below ${LEDGER_TARGET}: per award the HTTP path makes 2 database round trips (the session lookup, then the award as one statement) against the SQL path's 4, so the gap is the server's own work — HTTP parsing, the session cookie's signature check, JSON, logging — and the server process, the load generator and PostgreSQL share ${os.availableParallelism()} cores (see ADR 015).`,
      ]
    : []),
];

const report = [
  "# Benchmarks",
  "",
  "Written by `npm run bench` (`bench/run-all.ts`); do not edit by hand. Figures depend on the machine and on",
  "what else it was doing (load averages below).",
  "",
  "## Machine",
  "",
  ...started,
  `- Load average after Lighthouse: ${loadAfterLighthouse}; after the ledger run: ${loadAfterLedger}`,
  "",
  "## Targets",
  "",
  misses.length
    ? ["Missed:", "", ...misses.map((m) => `- ${m}`)].join("\n")
    : `All met: "/" ≤ 90 kB JS, Lighthouse (desktop) performance ≥ 98 and accessibility 100 on every page, ledger ratio ≥ ${LEDGER_TARGET}.`,
  "",
  "## First-load JS and CSS per route",
  "",
  ...bundle.lines,
  "",
  "## Lighthouse",
  "",
  "Guest visits to the built app served by the real server (`tests/support/server-process.ts`) in",
  "`NODE_ENV=production` (random `AUTH_SECRET`, `SMTP_URL` pointing at a local SMTP sink, PGlite), headless system",
  "Chromium. The desktop preset is the one the targets apply to.",
  "",
  "### Desktop",
  "",
  formatLighthouse(desktop),
  "",
  "### Mobile (for information)",
  "",
  formatLighthouse(mobile),
  ...(lighthouseMisses(mobile).length
    ? [
        "",
        "Under the mobile preset (4× CPU slowdown, slow 4G) the pages that lazy-load TanStack Query and their route",
        "chunk after the entry pay for one more round of requests and for script evaluation; these figures are not",
        "targets.",
      ]
    : []),
  "",
  "## Ledger throughput",
  "",
  "`bench/ledger.ts`: awards per second through a video watch (start + complete) on the real server (session lookup,",
  "rate limit, award transaction) beside the award's SQL run directly with `pg`, same PostgreSQL, same concurrency.",
  "",
  formatLedgerBench(ledger),
  "",
].join("\n");

writeFileSync(out, report);
console.log(`\n${report}\nwrote ${path.relative(process.cwd(), out)}`);
