/**
 * `npm run build`: compiles the web app (Vite) and the server (esbuild) into a fresh directory, then swaps it in
 * as `dist/`, so a running server is never served half a build.
 *
 *   node scripts/build.mjs              build now
 *   node scripts/build.mjs --if-stale   build only when dist/ is missing or older than the sources (npm start)
 *
 * Plain JavaScript on purpose: `npm start` runs it with Node alone, and with --if-stale on a fresh dist/ it
 * imports nothing from the build toolchain (devDependencies), so it also runs after `npm prune --omit=dev`.
 * Web assets of the previous build are kept beside the new ones for one more build, so a page still open in a
 * browser (or served by a sibling process that started earlier) can fetch the chunks it references.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const stamp = path.join(dist, "build-info.json");
const lockDir = path.join(root, ".build-lock");
/** Everything the build reads besides node_modules. Test files do not change the output. */
const inputs = [
  "src",
  "vite.config.ts",
  "package.json",
  "package-lock.json",
  "scripts/build.mjs",
  "scripts/prerender.mjs",
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** True when dist/ is missing, incomplete or older than any source file. */
export function isStale() {
  if (!existsSync(stamp) || !existsSync(path.join(dist, "server", "main.js"))) return true;
  const builtAt = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(input) > builtAt);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One build at a time per checkout (tests start servers in parallel); a lock older than 10 minutes is stale. */
async function withLock(run) {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      if (Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs > 600_000)
        rmSync(lockDir, { recursive: true, force: true });
      await sleep(250);
    }
  }
  try {
    return await run();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

async function buildWeb(outDir) {
  const { build } = await import("vite");
  await build({
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: path.join(outDir, "web"), emptyOutDir: true, manifest: true },
  });
}

async function buildServer(outDir) {
  const esbuild = await import("esbuild");
  await esbuild
    .build({
      absWorkingDir: root,
      entryPoints: {
        main: "src/server/main.ts",
        "migrate-cli": "src/server/migrate-cli.ts",
        "admin-cli": "src/server/admin/admin-cli.ts",
        "rollups-cli": "src/server/rollups/rollups-cli.ts",
        "backup-cli": "src/server/backup/backup-cli.ts",
      },
      outdir: path.join(outDir, "server"),
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      target: "node22",
      // Dependencies stay in node_modules (runtime `dependencies` only; see the check below).
      // Dependencies are bundled (one file instead of thousands of modules: less memory, faster start; ADR 040),
      // but for packages that load files or native code next to themselves, and optional peers never installed.
      external: [...keptExternal, ...optionalPeers],
      // Bundled CommonJS packages call require() for Node built-ins.
      banner: {
        js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
      },
      alias: { "~": path.join(root, "src") },
      chunkNames: "chunks/[name]-[hash]",
      sourcemap: "linked",
      logLevel: "warning",
      metafile: true,
    })
    .then(({ metafile }) => checkServerImports(metafile));
  copyServerSql(path.join(outDir, "server"));
}

/**
 * The SQL functions the server applies at start-up (src/server/<domain>/sql/*.sql; src/server/db/sql-functions.ts)
 * are read at run time: they go to dist/server/sql/<domain>/, where sqlFunctionsDir finds them beside the bundle.
 */
function copyServerSql(serverOut) {
  const src = path.join(root, "src", "server");
  for (const domain of readdirSync(src)) {
    const dir = path.join(src, domain, "sql");
    if (!existsSync(dir)) continue;
    const target = path.join(serverOut, "sql", domain);
    mkdirSync(target, { recursive: true });
    for (const file of readdirSync(dir))
      if (file.endsWith(".sql")) cpSync(path.join(dir, file), path.join(target, file));
  }
}

/** Runtime dependencies the bundle imports from node_modules: WebAssembly and data files, a native addon. */
const keptExternal = ["@electric-sql/pglite", "@electric-sql/pglite/*", "@node-rs/argon2"];
/** Optional peers the bundled libraries import only when installed (pg's native driver, other schema libraries). */
const optionalPeers = [
  "pg-native",
  "@valibot/to-json-schema",
  "zod-to-json-schema",
  "zod-openapi",
  "effect",
  "sury",
];

/** The compiled server may only import Node built-ins and runtime dependencies, so `npm prune --omit=dev` is safe. */
function checkServerImports(metafile) {
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const packageOf = (spec) =>
    spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
  const missing = new Set();
  for (const output of Object.values(metafile.outputs))
    for (const { path: spec, external } of output.imports)
      if (
        external &&
        !spec.startsWith("node:") &&
        !builtinModules.includes(spec) &&
        !optionalPeers.includes(packageOf(spec)) &&
        !(packageOf(spec) in dependencies)
      )
        missing.add(packageOf(spec));
  if (missing.size)
    throw new Error(
      `The server imports packages that are not runtime dependencies: ${[...missing].join(", ")}`,
    );
}

/** Copies the previous build's own web assets into the new build (never overwriting), for one generation. */
function carryOverAssets(next) {
  const ownFile = path.join(dist, "web", "assets-own.json");
  const nextAssets = path.join(next, "web", "assets");
  const own = readdirSync(nextAssets);
  if (existsSync(ownFile)) {
    const present = new Set(own);
    for (const file of JSON.parse(readFileSync(ownFile, "utf8"))) {
      const from = path.join(dist, "web", "assets", file);
      if (!present.has(file) && existsSync(from)) cpSync(from, path.join(nextAssets, file));
    }
  }
  writeFileSync(path.join(next, "web", "assets-own.json"), JSON.stringify(own));
}

export async function build() {
  const started = Date.now();
  // A production build whatever the caller runs under (Vitest's global setup sets NODE_ENV=test, which would
  // make Vite bundle React's development build).
  process.env.NODE_ENV = "production";
  const next = path.join(root, `.dist-next-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  try {
    await buildWeb(next);
    await buildServer(next);
    const { prerender } = await import("./prerender.mjs");
    await prerender(path.join(next, "web"));
    // Vite's manifest (read by bench/bundle-size.ts) moves out of the served folder.
    renameSync(path.join(next, "web", ".vite", "manifest.json"), path.join(next, "web-manifest.json"));
    rmSync(path.join(next, "web", ".vite"), { recursive: true, force: true });
    carryOverAssets(next);
    writeFileSync(
      path.join(next, "build-info.json"),
      `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`,
    );
    // Two renames: the window without a dist/ is a few microseconds, and nothing is ever half-written.
    const old = path.join(root, `.dist-old-${process.pid}`);
    if (existsSync(dist)) renameSync(dist, old);
    renameSync(next, dist);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
  console.log(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.main || process.argv[1] === import.meta.filename) {
  const ifStale = process.argv.includes("--if-stale");
  if (ifStale && !isStale()) process.exit(0);
  await withLock(async () => {
    if (!ifStale || isStale()) await build();
  });
}
