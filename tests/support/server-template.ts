import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { withServerEnv } from "~/server/node-flags";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/**
 * A migrated PGlite database (migrations and quiz content, as `npm run db:migrate` leaves it) made once per build of
 * dist/ and copied into each test server's fresh DATA_DIR: a server's first start on an empty folder spends ~7 s of
 * CPU migrating, and the E2E and crash suites start dozens of servers. The copy is what a server finds after its own
 * first start; the start-up then checks the migrations (all applied) as every restart does. The folder lives in the
 * system's temporary directory, keyed by the checkout and the build's time, so a new build makes a new one.
 */
function templateDir(): string {
  const builtAt = JSON.parse(readFileSync(path.join(repoRoot, "dist/build-info.json"), "utf8"))
    .builtAt as string;
  const key = `${repoRoot}:${builtAt}`.replace(/[^a-zA-Z0-9]+/g, "-").slice(-120);
  return path.join(tmpdir(), `ple-template-${key}`);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Whether the process that took `lock` is gone (it died and left the lock behind). Judged by its process id, not the
 * lock's age: on a busy machine a live maker can take minutes, and a second maker beside it made two templates.
 */
function lockIsStale(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(lock, "pid"), "utf8"));
  } catch {
    // Just taken (its maker writes its id next) or just released; a lock left without an id for ten minutes is stale.
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    return age > 600_000;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Makes the template unless it exists; one maker at a time across test workers and benches (an mkdir lock). */
async function ensureTemplate(): Promise<string> {
  const dir = templateDir();
  const lock = `${dir}.lock`;
  while (!existsSync(path.join(dir, "pglite"))) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, "pid"), String(process.pid));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (lockIsStale(lock)) rmSync(lock, { recursive: true, force: true });
      await sleep(100);
      continue;
    }
    try {
      if (existsSync(path.join(dir, "pglite"))) break;
      const staging = await mkdtemp(`${dir}-staging-`);
      execFileSync(process.execPath, ["dist/server/migrate-cli.js"], {
        cwd: repoRoot,
        env: withServerEnv({
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          NODE_ENV: "test",
          DATA_DIR: staging,
        }),
        stdio: ["ignore", "ignore", "inherit"],
      });
      try {
        renameSync(staging, dir);
      } catch (error) {
        // Another maker finished first (its template is the same): keep theirs.
        if (!["ENOTEMPTY", "EEXIST"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
        rmSync(staging, { recursive: true, force: true });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/**
 * Fills `dataDir` with the migrated PGlite database unless it already holds one (a restart keeps its own).
 * Only the database: the auth secret and everything else a first start writes are the server's own.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const target = path.join(dataDir, "pglite");
  if (existsSync(target)) return;
  // The template is keyed by the build (dist/build-info.json): a suite may seed before its first server start
  // builds dist/ (on a clean checkout, nothing has yet). scripts/build.mjs holds a lock, so parallel files build once.
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: repoRoot, stdio: "inherit" });
  await cp(path.join(await ensureTemplate(), "pglite"), target, { recursive: true });
}
