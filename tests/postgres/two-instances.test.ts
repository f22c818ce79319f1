import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makeVideosInstant } from "#tests/support/earning";
import {
  type ApiClient,
  signIn,
  signUp,
  type TestUser,
  uniqueEmail,
  verifyEmail,
} from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { connectTestRedis, dropTestKeys, redisUrlForTests, requireRedisUnderCi } from "#tests/support/redis";
import { type RunningServer, startServer } from "#tests/support/server-process";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "~/server/db/client";

/**
 * Scale-out (ADR 014): two server processes on different ports share one PostgreSQL database and one
 * Redis. Runs in the `postgres` project only; needs REDIS_URL_FOR_TESTS (`.ci/run` sets it). Without it the
 * suite is skipped locally and fails under CI=true; an unreachable Redis always fails.
 */
const redisUrl = redisUrlForTests;
const AUTH_RATE_LIMIT = 5;
const AWARDS = 400;
const AWARD_USERS = 8;
const CONCURRENCY = 32;
const VIDEO = "/api/videos/tutorial-get-started";

requireRedisUnderCi("two-instance test");

describe.skipIf(!redisUrl)("two server processes on one PostgreSQL and one Redis", () => {
  const prefix = `ple-test:${randomUUID().slice(0, 8)}:`;
  let db: DatabaseHandle & { url?: string };
  let redis: Redis;
  let a: RunningServer;
  let b: RunningServer;
  let clientA: ApiClient;
  let clientB: ApiClient;
  let ipCounter = 0;
  const nextIp = () => `10.${77 + (++ipCounter >> 16)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;

  beforeAll(async () => {
    if (inject("dbKind") !== "postgres") throw new Error("the two-instance test runs on PostgreSQL only");
    redis = await connectTestRedis();
    db = await openTestDatabase({ poolMax: 2 });
    const env = {
      DATABASE_URL: db.url ?? "",
      DATABASE_POOL_MAX: "10",
      REDIS_URL: redisUrl ?? "",
      REDIS_PREFIX: prefix,
      AUTH_SECRET: `two-instances-${randomUUID()}`,
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
      MAIL_RATE_LIMIT: "10000",
      VIDEO_WATCH_LIMIT: "100000",
      EARN_VIDEO_WATCHES_PER_DAY: "100000",
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
    };
    // Two-second videos: a watch reported at once pays (the shared ledger is what is under test here).
    await makeVideosInstant(db.db);
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    clientA = httpClient(a.url);
    clientB = httpClient(b.url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dropTestKeys(redis, prefix);
    await db?.close();
  });

  /** Signs up on `via`, confirms, signs in on `via`: a user whose session was made by that process. */
  async function userVia(via: ApiClient): Promise<TestUser> {
    const email = uniqueEmail("scale");
    const password = `pw-${randomUUID()}`;
    const res = await signUp(via, email, password, { ip: nextIp() });
    expect(res.status).toBe(200);
    await verifyEmail(via, email);
    const cookie = await signIn(via, email, password, { ip: nextIp() });
    const me = await via.request("/api/me", { cookie });
    const body: { user: { id: string } } = await me.json();
    return { id: body.user.id, email, password, cookie };
  }

  it("uses Redis for rate limits and sessions", async () => {
    await userVia(clientA);
    expect(await redis.keys(`${prefix}rl:*`)).not.toHaveLength(0);
    expect(await redis.keys(`${prefix}auth:active-sessions-*`)).not.toHaveLength(0);
  });

  it("accepts a session made on one process on the other, and a sign-out on one ends it on both", async () => {
    const user = await userVia(clientA);
    const onB = await clientB.request("/api/me", { cookie: user.cookie });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { user: { id: string } }).user.id).toBe(user.id);

    const out = await clientB.request("/api/auth/sign-out", { method: "POST", cookie: user.cookie });
    expect(out.status).toBe(200);
    for (const client of [clientA, clientB]) {
      expect((await client.request("/api/me", { cookie: user.cookie })).status).toBe(401);
    }
  });

  it("counts sign-in attempts from one address across both processes", async () => {
    const ip = nextIp();
    const attempt = (client: ApiClient) =>
      client.request("/api/auth/sign-in/email", {
        json: { email: uniqueEmail("nobody"), password: "wrong-password" },
        ip,
      });
    const statuses: number[] = [];
    for (const client of [clientA, clientA, clientA, clientB, clientB, clientB, clientA]) {
      const res = await attempt(client);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    // 3 on A + 2 on B use the 5 allowed; the 6th (on B) and any later one (on A) are refused.
    expect(statuses.slice(0, AUTH_RATE_LIMIT)).not.toContain(429);
    expect(statuses.slice(AUTH_RATE_LIMIT)).toEqual([429, 429]);
  });

  it(`keeps every balance equal to its ledger under ${AWARDS} concurrent awards through both`, async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < AWARD_USERS; i++) users.push(await userVia(i % 2 ? clientB : clientA));
    const statuses: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < AWARDS; i = next++) {
          const user = users[i % users.length]!;
          const client = i % 2 ? clientB : clientA;
          // Started on one process, completed on the other.
          const started = await client.request(`${VIDEO}/watches`, { method: "POST", cookie: user.cookie });
          const { watch } = (await started.json()) as { watch: { id: string } };
          const other = i % 2 ? clientA : clientB;
          const res = await other.request(`/api/videos/watches/${watch.id}/complete`, {
            method: "POST",
            cookie: user.cookie,
          });
          const body = (await res.json()) as { earned: unknown };
          statuses.push(body.earned ? res.status : 0);
        }
      }),
    );
    const ok = statuses.filter((s) => s >= 200 && s < 300).length;
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(ok).toBe(AWARDS);

    const ids = users.map((u) => u.id);
    const rows = await db.db
      .selectFrom("coin_ledger")
      .select(({ fn }) => ["user_id", fn.countAll<number>().as("rows"), fn.sum<number>("amount").as("sum")])
      .where("user_id", "in", ids)
      .where("kind", "=", "video_watch")
      .groupBy("user_id")
      .execute();
    expect(rows.reduce((n, r) => n + Number(r.rows), 0)).toBe(ok);
    const balances = await db.db
      .selectFrom("user_profiles")
      .select([
        "id",
        "points",
        sql<number>`(select coalesce(sum(amount), 0) from coin_ledger where user_id = user_profiles.id)`.as(
          "ledger",
        ),
      ])
      .where("id", "in", ids)
      .execute();
    expect(balances).toHaveLength(AWARD_USERS);
    for (const row of balances) expect(Number(row.points), row.id).toBe(Number(row.ledger));
    console.log(
      `two instances: ${AWARDS} awards through A and B → ${ok} 2xx, ${rows.reduce((n, r) => n + Number(r.rows), 0)} ledger rows, ${balances.length} balances = Σ ledger`,
    );
  });
});
