/**
 * `npm run bench:bundle`: what a guest's first visit to each prerendered route (and to an unknown path, the 404
 * page) really makes Chromium fetch — every JS and CSS response until the network is idle, gzip — beside the
 * static-graph figure from Vite's manifest (the entry's static imports plus the route's chunk). Builds dist/
 * first when it is older than the sources; exits 1 if "/" passes its budget by the browser's count.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, findChromium, phone } from "../tests/e2e/support/chromium";
import { type FirstLoad, HOME_JS_BUDGET_BYTES, measureFirstLoad } from "../tests/support/first-load";
import { ensureBuild, startServer } from "../tests/support/server-process";
import { measureRoutes, type RouteSize } from "./bundle-size";
import { SMOKE } from "./smoke";

const webRoot = path.resolve(import.meta.dirname, "../dist/web");
const NOT_FOUND = "/no/such/page";

export interface BundleRow {
  route: string;
  browser: FirstLoad;
  /** The manifest's static-graph count, when bench/bundle-size.ts knows the route. */
  staticGraph?: RouteSize;
}

/** Measures every prerendered route of the built app in the system Chromium (phone viewport, empty cache). */
export async function runBundleBench(): Promise<BundleRow[]> {
  ensureBuild();
  const chromePath = findChromium();
  if (!chromePath) throw new Error("No Chromium: set CHROMIUM_PATH or apt-get install chromium");
  const { chromium } = await import("playwright-core");
  const index = JSON.parse(readFileSync(path.join(webRoot, "pages.json"), "utf8")) as { pages: object };
  const routes = [...Object.keys(index.pages), NOT_FOUND];
  const staticSizes = measureRoutes(webRoot);
  const server = await startServer({ LOG_LEVEL: "warn" });
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const rows: BundleRow[] = [];
    for (const route of routes) {
      const browserLoad = await measureFirstLoad(browser, server.url, route, phone);
      const key = route === NOT_FOUND ? "(404)" : route;
      rows.push({ route: key, browser: browserLoad, staticGraph: staticSizes.find((s) => s.route === key) });
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function bundleMisses(rows: BundleRow[]): string[] {
  const home = rows.find((r) => r.route === "/");
  if (!home) return ['No "/" row.'];
  return home.browser.jsGzipBytes > HOME_JS_BUDGET_BYTES
    ? [
        `"/" makes the browser load ${kb(home.browser.jsGzipBytes)} of JS, over the ${kb(HOME_JS_BUDGET_BYTES)} budget.`,
      ]
    : [];
}

export function formatBundle(rows: BundleRow[]): string {
  return [
    "| route | JS gzip (browser) | JS files (browser) | CSS gzip (browser) | JS gzip (static graph) |",
    "|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.route} | ${kb(r.browser.jsGzipBytes)}${r.route === "/" ? (r.browser.jsGzipBytes <= HOME_JS_BUDGET_BYTES ? " ✓" : " ✗") : ""} | ${r.browser.files.filter((f) => f.kind === "js").length} | ${kb(r.browser.cssGzipBytes)} | ${r.staticGraph ? kb(r.staticGraph.jsGzipBytes) : "—"} |`,
    ),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runBundleBench();
  console.log(formatBundle(rows));
  const misses = bundleMisses(rows);
  if (misses.length) {
    console.error(`FAIL ${misses.join(" ")}`);
    if (!SMOKE) process.exitCode = 1;
  } else {
    console.log(`OK "/" first-load JS (browser): within ${kb(HOME_JS_BUDGET_BYTES)} gzip`);
  }
}
