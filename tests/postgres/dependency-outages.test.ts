import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makeVideosInstant } from "#tests/support/earning";
import type { DatabaseHandle } from "~/server/db/client";
import { createVerifiedUser, type TestUser } from "../support/factories";
import { auditLedger, earnThroughFault, type FaultRun, summarize } from "../support/fault-load";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy";
import { httpClient } from "../support/http-client";
import { connectTestRedis, dropTestKeys, redisUrlForTests, requireRedisUnderCi } from "../support/redis";
import { LOAD_ENV, type RunningServer, startServer } from "../support/server-process";
import { openTestDatabase } from "../support/test-db";

/**
 * The server under concurrent earning while PostgreSQL, then Redis, goes away for 5 seconds — through a TCP
 * fault proxy, never by stopping the shared servers. The process stays up, answers 503 (never 500) meanwhile,
 * earns again within 2 seconds of the return, and every acknowledged award is in the ledger exactly once.
 */
const OUTAGE_MS = 5000;
const CLIENTS = 8;

requireRedisUnderCi("dependency outage test");

const hostPort = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || (u.protocol.startsWith("redis") ? 6379 : 5432)) };
};

describe.skipIf(!redisUrlForTests)("PostgreSQL and Redis going away under load", () => {
  const prefix = `ple-test:${randomUUID().slice(0, 8)}:`;
  let db: DatabaseHandle & { url?: string };
  let redis: Redis;
  let pgProxy: FaultProxy;
  let redisProxy: FaultProxy;
  let server: RunningServer;
  const users: TestUser[] = [];

  beforeAll(async () => {
    if (inject("dbKind") !== "postgres") throw new Error("the outage test runs on PostgreSQL only");
    redis = await connectTestRedis();
    db = await openTestDatabase({ poolMax: 2 });
    pgProxy = await startFaultProxy(hostPort(db.url ?? ""));
    redisProxy = await startFaultProxy(hostPort(redisUrlForTests ?? ""));
    server = await startServer({
      DATABASE_URL: pgProxy.via(db.url ?? ""),
      DATABASE_POOL_MAX: "8",
      REDIS_URL: redisProxy.via(redisUrlForTests ?? ""),
      REDIS_PREFIX: prefix,
      ...LOAD_ENV,
      MAIL_RATE_LIMIT: "10000",
      LOG_LEVEL: "info",
    });
    await makeVideosInstant(db.db);
    // Side by side: sign-up is not under test here.
    users.push(
      ...(await Promise.all(Array.from({ length: 4 }, () => createVerifiedUser(httpClient(server.url))))),
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await pgProxy?.close();
    await redisProxy?.close();
    await dropTestKeys(redis, prefix);
    await db?.close();
  });

  async function probesDuringOutage(proxy: FaultProxy) {
    proxy.down();
    await new Promise((r) => setTimeout(r, 1000));
    const health = await fetch(`${server.url}/api/health`);
    const ready = await fetch(`${server.url}/api/ready`);
    await new Promise((r) => setTimeout(r, OUTAGE_MS - 1000));
    proxy.up();
    return { health: health.status, ready: ready.status, retryAfter: ready.headers.get("retry-after") };
  }

  /** Concurrent earning for 11 s with `proxy` down for 5 s from the 2nd; health stays up, ready says 503. */
  async function earnThroughOutage(proxy: FaultProxy) {
    let probes: Awaited<ReturnType<typeof probesDuringOutage>> | undefined;
    const run = await earnThroughFault({
      baseUrl: server.url,
      users,
      clients: CLIENTS,
      durationMs: 11_000,
      faultAtMs: 2000,
      outage: async () => {
        probes = await probesDuringOutage(proxy);
      },
    });
    expect(probes).toEqual({ health: 200, ready: 503, retryAfter: "5" });
    return run;
  }

  /** The server came through: see the checks below, and `dependency` logged once going away and once back. */
  async function expectSurvived(run: FaultRun, what: string, dependency: "database" | "redis") {
    const summary = summarize(run);
    const audit = await auditLedger(db.db, run.acks);
    console.log(`${what} outage: ${JSON.stringify({ ...summary, ...audit })}`);
    expect(summary.unexpected).toBe(0);
    expect(Object.keys(summary.duringFault).filter((s) => s !== "200" && s !== "503")).toEqual([]);
    expect(summary.duringFault["503"] ?? 0).toBeGreaterThan(0);
    expect(summary.firstSuccessMs).not.toBeNull();
    expect(summary.firstSuccessMs ?? Number.POSITIVE_INFINITY).toBeLessThan(2000);
    expect(audit).toMatchObject({ missing: 0, duplicateCauseKeys: 0, brokenBalances: 0 });
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    const log = server.output();
    expect(log).not.toMatch(
      /Unhandled 'error' event|unhandled promise rejection|uncaught exception|"unhandled error"/,
    );
    // One line when it went away, one when it came back — not one per failed request.
    expect(log.match(new RegExp(`${dependency} unreachable`, "g"))?.length).toBe(1);
    expect(log).toMatch(`${dependency} reachable again`);
  }

  it("PostgreSQL away for 5 s: 503 + Retry-After meanwhile, earning again within 2 s, ledger exact", async () => {
    const run = await earnThroughOutage(pgProxy);
    await expectSurvived(run, "PostgreSQL", "database");
  }, 60_000);

  it("Redis away for 5 s: 503 meanwhile (no hanging requests), earning again within 2 s, ledger exact", async () => {
    const run = await earnThroughOutage(redisProxy);
    const during = run.samples.filter((s) => s.t >= run.faultStartMs && s.t <= run.faultEndMs);
    // Failing fast: many answers during the outage, not a few slow ones.
    expect(during.length).toBeGreaterThan(CLIENTS * 10);
    await expectSurvived(run, "Redis", "redis");
  }, 60_000);

  it("a signed-in page works while Redis is away (sessions read from the database)", async () => {
    const user = users[0] as TestUser;
    redisProxy.down();
    try {
      await new Promise((r) => setTimeout(r, 300));
      const me = await fetch(`${server.url}/api/me`, { headers: { cookie: user.cookie } });
      expect(me.status).toBe(200);
    } finally {
      redisProxy.up();
    }
  });
});
