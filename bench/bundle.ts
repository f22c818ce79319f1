/**
 * Per-route first-load JS/CSS (gzip) of the build in dist/ (built first when older than the sources); exits 1 if
 * "/" passes its budget.
 */
import path from "node:path";
import { ensureBuild } from "../tests/support/server-process";
import { HOME_JS_BUDGET_BYTES, measureRoutes } from "./bundle-size";

ensureBuild();
const sizes = measureRoutes(path.resolve(import.meta.dirname, "../dist/web"));

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
