import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client";
import { STOP_DEADLINE_MS } from "~/server/lifecycle";
import { SERVER_NODE_FLAGS, withServerEnv } from "~/server/node-flags";
import { childPids } from "../support/processes";
import { ensureBuild, freePort } from "../support/server-process";
import { seedDataDir } from "../support/server-template";
import { openTestDatabase } from "../support/test-db";

/**
 * A server whose output goes to a pipe that stops being read (a stalled log shipper, `… | head`) keeps serving,
 * and SIGTERM still ends every one of its processes within the stop deadline once the reader has gone away
 * (docs/product.md, 'Stopping the server').
 */
const REQUESTS = 3000;
/** Slack over the deadline for a busy machine: starting `ps`, the kernel reaping the processes. */
const SLACK_MS = 5000;
const repoRoot = path.resolve(import.meta.dirname, "../..");

/** Running, not a zombie (an orphaned worker whose exit nobody has reaped yet has ended all the same). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * The compiled server with stdout and stderr on one pipe (`2>&1 |`), read until each of its `processes` has
 * logged that it listens, then no more.
 */
async function startWithStalledOutput(env: Record<string, string>, processes: number) {
  ensureBuild();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "ple-stall-"));
  // On PGlite, the run's migrated database (as startServer gives its servers): the stop is under test, not a first
  // start's migration.
  if (!env.DATABASE_URL) await seedDataDir(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const node = [process.execPath, ...SERVER_NODE_FLAGS, "dist/server/main.js"].map((a) => `'${a}'`).join(" ");
  const child: ChildProcess = spawn("sh", ["-c", `exec ${node} 2>&1`], {
    cwd: repoRoot,
    env: withServerEnv({
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: String(processes),
      ...env,
    }),
    stdio: ["ignore", "pipe", "ignore"],
  });
  const pid = child.pid ?? 0;
  const pids = () => [pid, ...childPids(pid)];
  cleanups.push(async () => {
    for (const each of pids()) if (running(each)) process.kill(each, "SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });
  const reader = child.stdout;
  if (!reader) throw new Error("no pipe");
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split("\n").filter((line) => line.includes('"msg":"listening on')).length < processes)
        return;
      reader.off("data", onData);
      // From here on nobody reads: Node's buffer fills, then the kernel's pipe (64 KiB) does.
      reader.pause();
      resolve();
    };
    reader.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, reader, pid, pids, url };
}

/** Sends `count` requests, 25 at a time; how many were answered (each gets 5 s). */
async function requestMany(url: string, count: number): Promise<number> {
  let answered = 0;
  for (let sent = 0; sent < count; sent += 25) {
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
          (res) => res.ok,
          () => false,
        ),
      ),
    );
    answered += results.filter(Boolean).length;
    // A server that no longer answers is not asked 3000 times more.
    if (!results.some(Boolean)) break;
  }
  return answered;
}

/** Fills the stalled pipe, sends SIGTERM, lets the reader go: how long until every process has ended. */
async function fillStopAndClose(server: Awaited<ReturnType<typeof startWithStalledOutput>>) {
  const answered = await requestMany(server.url, REQUESTS);
  // Lines came that nobody took; 3000 request lines (~100 bytes each) are far more than Node's buffer and the
  // kernel's pipe hold.
  expect(server.reader.readableLength).toBeGreaterThan(0);
  const tree = server.pids();
  const started = Date.now();
  process.kill(server.pid, "SIGTERM");
  server.reader.destroy();
  while (tree.some(running) && Date.now() - started < STOP_DEADLINE_MS + SLACK_MS)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const ms = Date.now() - started;
  console.info(
    `${tree.length} process(es): ${answered}/${REQUESTS} answered with the output stalled; gone ${ms} ms after SIGTERM`,
  );
  return { answered, tree, left: tree.filter(running), ms };
}

async function databaseEnv(): Promise<Record<string, string>> {
  if (inject("dbKind") !== "postgres") return {};
  const db: DatabaseHandle & { url?: string } = await openTestDatabase({ poolMax: 2 });
  cleanups.push(() => db.close());
  return { DATABASE_URL: db.url ?? "" };
}

it("one process: keeps serving with its output stalled, and SIGTERM ends it within the deadline", async () => {
  const server = await startWithStalledOutput(await databaseEnv(), 1);
  const { answered, left, ms } = await fillStopAndClose(server);
  expect(left).toEqual([]);
  expect(ms).toBeLessThan(STOP_DEADLINE_MS + SLACK_MS);
  expect(answered).toBe(REQUESTS);
}, 120_000);

it.runIf(inject("dbKind") === "postgres")(
  "two processes (WEB_CONCURRENCY=2): the first one and its worker are gone within the deadline",
  async () => {
    const server = await startWithStalledOutput(await databaseEnv(), 2);
    const { answered, tree, left, ms } = await fillStopAndClose(server);
    expect(tree).toHaveLength(2);
    expect(left).toEqual([]);
    expect(ms).toBeLessThan(STOP_DEADLINE_MS + SLACK_MS);
    expect(answered).toBe(REQUESTS);
  },
  120_000,
);

it.runIf(inject("dbKind") === "postgres")(
  "a worker whose first process is killed closes the port and exits within the deadline",
  async () => {
    const server = await startWithStalledOutput(await databaseEnv(), 2);
    const [worker] = childPids(server.pid);
    if (!worker) throw new Error("no worker");
    process.kill(server.pid, "SIGKILL");
    const started = Date.now();
    while (running(worker) && Date.now() - started < STOP_DEADLINE_MS + SLACK_MS)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running(worker)).toBe(false);
    expect(Date.now() - started).toBeLessThan(STOP_DEADLINE_MS + SLACK_MS);
    const health = await fetch(`${server.url}/api/health`).then(
      (res) => res.status,
      () => "refused",
    );
    expect(health).toBe("refused");
  },
  120_000,
);

it("a second SIGTERM ends a stop that is still waiting for a request", async () => {
  const server = await startWithStalledOutput(await databaseEnv(), 1);
  const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
  // A request whose body never finishes arriving: the graceful stop waits for it (up to 10 s).
  const { port } = new URL(server.url);
  const socket = connect(Number(port), "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write("POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n");
  socket.write("Content-Length: 100\r\n\r\n{");
  await fetch(`${server.url}/api/health`);
  process.kill(server.pid, "SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(running(server.pid)).toBe(true);
  const started = Date.now();
  process.kill(server.pid, "SIGTERM");
  expect(await exited).toBe(1);
  console.info(`exited ${Date.now() - started} ms after the second SIGTERM`);
  socket.destroy();
}, 120_000);
