/**
 * One database's side of `npm run bench:scale`: the compiled server on it (one process, the load settings of
 * the other benches), a bench player and an administrator signed in through the API, every call of
 * bench/scale-calls.ts timed over sequential requests (the whole body read), earning at 32 connections
 * (autocannon, video watches: bench/ledger.ts's load), and each periodic job's run timed directly on the database.
 */
import pg from "pg";
import { fromPool } from "~/server/db/client";
import { signIn } from "../tests/support/factories";
import { httpClient } from "../tests/support/http-client";
import { LOAD_ENV, type RunningServer, startServer } from "../tests/support/server-process";
import { signUpEarners, watchLoad } from "./ledger";
import { percentile } from "./ledger-sql";
import { type Call, type CallContext, consoleCalls, playerCalls } from "./scale-calls";
import { jobRuns } from "./scale-jobs";
import { adminPassword, playerPassword } from "./scale-load";

export const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 30);
export const EARN_CONNECTIONS = 32;
const EARN_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EARN_USERS = 32;

export interface Timing {
  name: string;
  group: Call["group"] | "job";
  p50: number;
  p95: number;
  /** The HTTP status of the last answer (a call that fails is reported, not hidden). */
  status: number;
  /** Requests timed (fewer than asked when the call is slow: CALL_BUDGET_MS). */
  n: number;
}

export interface Earning {
  perSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
  non2xx: number;
}

export interface RunResult {
  calls: Timing[];
  earning: Earning;
  jobs: Timing[];
}

export const SERVER_ENV = { ...LOAD_ENV, LOG_LEVEL: "warn", WEB_CONCURRENCY: "1" };

export async function withServer<T>(url: string, work: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startServer({ DATABASE_URL: url, ...SERVER_ENV });
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

export async function signInBoth(server: RunningServer, ctx: CallContext) {
  const client = httpClient(server.url);
  const player = await signIn(client, ctx.playerEmail, playerPassword(1), { ip: "10.200.0.1" });
  const admin = await signIn(client, ctx.adminEmail, adminPassword(1), { ip: "10.200.0.2" });
  return { player, admin };
}

/** A slow call stops after this long (at least MIN_REQUESTS made): the run must end within the hour. */
const CALL_BUDGET_MS = 20_000;
const MIN_REQUESTS = 10;

export async function timeCall(server: RunningServer, cookie: string, path: string, n: number) {
  const ms: number[] = [];
  let status = 0;
  const deadline = performance.now() + CALL_BUDGET_MS;
  for (let i = 0; i < n + 2; i++) {
    if (ms.length >= MIN_REQUESTS && performance.now() > deadline) break;
    const started = performance.now();
    const res = await fetch(new URL(path, server.url), { headers: { cookie, origin: server.url } });
    await res.arrayBuffer();
    status = res.status;
    // The first two warm the server's caches and the connection.
    if (i >= 2) ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), status, n: ms.length };
}

async function earn(server: RunningServer): Promise<Earning> {
  const cookies = await signUpEarners(server.url, EARN_USERS, "10.201");
  const { result } = await watchLoad(server.url, cookies, undefined, {
    connections: EARN_CONNECTIONS,
    seconds: EARN_SECONDS,
  });
  return {
    // Two requests per award.
    perSecond: result["2xx"] / 2 / result.duration,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** Every call, the earning load and the jobs on the database at `url`. */
export async function runOn(url: string, ctx: CallContext, log: (line: string) => void): Promise<RunResult> {
  // Watches complete at once (as bench:ledger does): the videos of a bench database are 2 s long.
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query("update videos set duration_seconds = 2");
  await setup.end();
  const calls: Timing[] = [];
  const earning = await withServer(url, async (server) => {
    const cookies = await signInBoth(server, ctx);
    for (const call of [...playerCalls(ctx), ...consoleCalls(ctx)]) {
      const t = await timeCall(server, cookies[call.as], call.path, REQUESTS);
      calls.push({ name: call.name, group: call.group, ...t });
      log(`  ${call.name}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms (${t.status})`);
    }
    log("  earning at 32 connections…");
    return earn(server);
  });
  const handle = fromPool(new pg.Pool({ connectionString: url, max: 4 }));
  try {
    const jobs = await jobRuns(handle.db, log);
    return { calls, earning, jobs };
  } finally {
    await handle.close();
  }
}
