import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS, withServerEnv } from "~/server/node-flags";
import { seedDataDir } from "./server-template";

export interface RunningServer {
  url: string;
  port: number;
  /** The process started (with WEB_CONCURRENCY > 1, the first one: it forks the others). */
  pid: number;
  dataDir: string;
  /** Everything the server printed (pino JSON lines). */
  output(): string;
  /** Graceful stop (SIGTERM); removes the data dir unless the caller chose it. */
  stop(): Promise<void>;
  /** Hard kill (SIGKILL), as a crash; waits for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit however long it takes: the exit code and how long it took. */
  terminate(): Promise<{ code: number | null; ms: number }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Its output is complete once its pipes have closed, which can come after the exit.
  const closed = new Promise((resolve) => child.once("close", resolve));
  // Generous: a first start migrates a fresh database, which takes long on a busy machine.
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await closed;
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

const repoRoot = path.resolve(import.meta.dirname, "../..");

/**
 * Builds dist/ unless it is fresh (scripts/build.mjs holds a lock, so parallel test files build once).
 * Runs synchronously: the build is short and every caller needs it before anything else.
 */
export function ensureBuild(): void {
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: repoRoot, stdio: "inherit" });
}

/**
 * Settings for a server under generated load (many sign-ups and watches from one machine): the rate limits and
 * the daily video limit out of the way, and each simulated client told apart by X-Forwarded-For.
 */
export const LOAD_ENV = {
  AUTH_RATE_LIMIT: "10000",
  VIDEO_WATCH_LIMIT: "100000",
  EARN_VIDEO_WATCHES_PER_DAY: "100000",
  TRUST_PROXY: "true",
} as const;

export interface ServerOptions {
  /** An empty database (a first start that migrates) instead of the run's migrated template (PGlite). */
  freshDatabase?: boolean;
  /** Another tree's build to run (an earlier release's, built by the caller) instead of this checkout's. */
  root?: string;
}

/**
 * The compiled server (`GLIBC_TUNABLES=… node <SERVER_NODE_FLAGS> dist/server/main.js`, as `npm start` runs it) as a child process on a free port with its
 * own temporary DATA_DIR; builds first when dist/ is older than the sources. On PGlite the DATA_DIR starts with the
 * run's migrated database (./server-template.ts) unless it holds one already or `freshDatabase` asks for an empty one
 * (a first start that migrates, as `npm start` on a new machine does).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  if (!options.root) ensureBuild();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options);
    } catch (error) {
      // A port found free is in the kernel's ephemeral range: an outgoing connection of another suite (to the
      // database, a browser) can take it before the server binds it. Then the server exits at once and says so:
      // another free port, unless the caller chose this one.
      if (env.PORT || attempt >= 3 || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

async function startOnce(env: Record<string, string>, options: ServerOptions): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), "ple-e2e-")));
  if (!env.DATABASE_URL && !options.freshDatabase) await seedDataDir(dataDir);
  const url = `http://localhost:${port}`;
  let log = "";
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/main.js"], {
    cwd: options.root ?? repoRoot,
    env: withServerEnv({
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      // One process unless a test asks for workers (the default on PostgreSQL would be one per core).
      WEB_CONCURRENCY: "1",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => {
    log += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    log += d.toString();
  });
  try {
    await waitForHealth(url.replace("localhost", "127.0.0.1"), child, () => log);
  } catch (error) {
    if (child.exitCode === null) child.kill("SIGKILL");
    if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output: () => log,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    },
    async terminate() {
      const started = Date.now();
      const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
      child.kill("SIGTERM");
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
