/**
 * Per-route first-load JS/CSS (gzip) of the web build; exits 1 if "/" passes its budget.
 * Usage: npm run bench:bundle              builds into a temporary directory, measures, removes it
 *        npm run bench:bundle -- --dir D   measures an existing build in D made with `build.manifest: true`
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { HOME_JS_BUDGET_BYTES, measureRoutes, type RouteSize } from "./bundle-size";

const root = path.resolve(import.meta.dirname, "..");

async function buildAndMeasure(): Promise<RouteSize[]> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), "bench-bundle-"));
  try {
    await build({
      configFile: path.join(root, "vite.config.ts"),
      logLevel: "warn",
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    return measureRoutes(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const dirFlag = process.argv.indexOf("--dir");
const existing = dirFlag >= 0 ? process.argv[dirFlag + 1] : undefined;
const sizes = existing ? measureRoutes(path.resolve(existing)) : await buildAndMeasure();

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
console.table(
  sizes.map((size) => ({
    route: size.route,
    "JS gzip": kb(size.jsGzipBytes),
    "CSS gzip": kb(size.cssGzipBytes),
    "JS files": size.jsFiles.length,
  })),
);

const home = sizes.find((size) => size.route === "/");
if (!home) throw new Error('No "/" row.');
const verdict = `"/" first-load JS: ${kb(home.jsGzipBytes)} gzip (budget ${kb(HOME_JS_BUDGET_BYTES)})`;
if (home.jsGzipBytes > HOME_JS_BUDGET_BYTES) {
  console.error(`FAIL ${verdict}`);
  process.exitCode = 1;
} else {
  console.log(`OK ${verdict}`);
}
