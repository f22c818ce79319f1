import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { type DatabaseHandle, fromPGlite } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";
import { prepareDatabase } from "~/server/prepare-database";
import { type RunningServer, startServer } from "./server-process";
import { openTestDatabase } from "./test-db";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/** A crash run's server: the sign-ups' rate limits out of the way, each user from its own address, warnings only. */
const SERVER_DEFAULTS = {
  AUTH_RATE_LIMIT: "10000",
  MAIL_RATE_LIMIT: "10000",
  TRUST_PROXY: "true",
  LOG_LEVEL: "warn",
};

/**
 * What a crash test (tests/db/*-crash.test.ts) stands on: a directory of its own and one database that servers and
 * child processes open in turn — on PostgreSQL a fresh clone of the run's template, on PGlite a data directory
 * under that directory, which one process at a time holds.
 */
export interface CrashRun {
  kind: "pglite" | "postgres";
  /** The run's directory: the servers' DATA_DIR, the PGlite database in `pgliteDir` below it. */
  dataDir: string;
  pgliteDir: string;
  /** What names the database to a child process: DATABASE_URL on PostgreSQL, PGLITE_DIR on PGlite. */
  where: Record<string, string>;
  /**
   * A server on the run's database (its DATA_DIR, and DATABASE_URL on PostgreSQL) with `env` besides, and
   * SERVER_DEFAULTS unless `env` says otherwise.
   */
  startServer(env: Record<string, string>): Promise<RunningServer>;
  /**
   * The database, to arrange or read: on PGlite opened from its directory (close it with `done` before another
   * process opens it); on PostgreSQL the run's pool. `prepare`: migrated and its SQL functions applied first, for
   * a run whose database no server has started on yet (the PostgreSQL clone is prepared already).
   */
  open(options?: { prepare?: boolean }): Promise<DatabaseHandle>;
  /** Lets go of what `open` answered (on PostgreSQL the pool stays, for the next `open`). */
  done(handle: DatabaseHandle): Promise<void>;
  /**
   * Runs `node --import tsx tests/support/<script>` on the run's database (`where`, and `env` besides); answers
   * the signal it died of, and fails if it exited instead.
   */
  runUntilKilled(script: string, env?: Record<string, string>): Promise<NodeJS.Signals>;
}

/**
 * Called at the top of a crash test file: answers the function that makes the file's run (inside its test, as the
 * database kind is known there), and after the file kills the servers the run started, closes its PostgreSQL pool
 * and removes its directory. `name` marks the directory (`ple-<name>-crash-…`).
 */
export function crashRuns(name: string): () => Promise<CrashRun> {
  const servers: RunningServer[] = [];
  let testDb: (DatabaseHandle & { url?: string }) | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    for (const server of servers) await server.kill();
    await testDb?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return async () => {
    const kind = inject("dbKind");
    dataDir = await mkdtemp(path.join(tmpdir(), `ple-${name}-crash-`));
    const pgliteDir = path.join(dataDir, "pglite");
    if (kind === "postgres") testDb = await openTestDatabase({ poolMax: 2 });
    const url = testDb?.url;
    const where: Record<string, string> = url ? { DATABASE_URL: url } : { PGLITE_DIR: pgliteDir };
    const run: CrashRun = {
      kind,
      dataDir,
      pgliteDir,
      where,
      async startServer(env) {
        const server = await startServer({
          ...SERVER_DEFAULTS,
          ...env,
          DATA_DIR: run.dataDir,
          ...(url ? { DATABASE_URL: url } : {}),
        });
        servers.push(server);
        return server;
      },
      async open(options = {}) {
        if (testDb) return testDb;
        const handle = fromPGlite(await createPGlite(pgliteDir));
        if (options.prepare) await prepareDatabase(handle.db);
        return handle;
      },
      async done(handle) {
        if (handle !== testDb) await handle.close();
      },
      runUntilKilled: (script, env = {}) => runUntilKilled(script, { ...where, ...env }),
    };
    return run;
  };
}

function runUntilKilled(script: string, env: Record<string, string>): Promise<NodeJS.Signals> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("tests/support", script)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      signal ? resolve(signal) : reject(new Error(`${script} exited with ${code}, not killed`)),
    );
  });
}
