import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectTestRedis, dropTestKeys, redisUrlForTests, requireRedisUnderCi } from "#tests/support/redis";
import { consumeRateLimit } from "~/server/http/rate-limit";
import { createLogger } from "~/server/logger";
import { openRedis } from "~/server/redis/client";
import { createRedisRateLimitStore } from "~/server/redis/redis-rate-limit-store";
import { redisSecondaryStorage } from "~/server/redis/redis-secondary-storage";

/** The Redis stores of ADR 014 against a real Redis (REDIS_URL_FOR_TESTS), each under its own key prefix. */
requireRedisUnderCi("Redis stores");

describe.skipIf(!redisUrlForTests)("Redis stores", () => {
  const prefix = `ple-test:${randomUUID().slice(0, 8)}:`;
  let admin: Redis;
  let redis: Redis;
  beforeAll(async () => {
    admin = await connectTestRedis();
    redis = await openRedis(
      { redisUrl: redisUrlForTests, redisPrefix: prefix },
      createLogger({ logLevel: "silent" }),
    );
  });
  afterAll(async () => {
    await redis?.quit();
    await dropTestKeys(admin, prefix);
  });

  it("counts rate-limit hits atomically in fixed windows that Redis ends", async () => {
    const store = createRedisRateLimitStore(redis);
    const before = Date.now();
    const hits = await Promise.all(Array.from({ length: 20 }, () => store.hit("burst", 60_000)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    for (const h of hits) expect(h.resetAt).toBeGreaterThan(before + 59_000);
    expect(await admin.pttl(`${prefix}rl:burst`)).toBeGreaterThan(59_000);

    expect((await store.hit("short", 150)).count).toBe(1);
    expect((await store.hit("short", 150)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    expect((await store.hit("short", 150)).count).toBe(1);
  });

  it("reset forgets a key's window for every process", async () => {
    const store = createRedisRateLimitStore(redis);
    await store.hit("lock", 60_000);
    expect((await store.hit("lock", 60_000)).count).toBe(2);
    await store.reset("lock");
    expect(await admin.exists(`${prefix}rl:lock`)).toBe(0);
    expect((await store.hit("lock", 60_000)).count).toBe(1);
  });

  it("answers Retry-After seconds through consumeRateLimit", async () => {
    const store = createRedisRateLimitStore(redis);
    const rules = [{ key: `ip:${randomUUID()}`, limit: 2 }];
    expect(await consumeRateLimit(store, rules)).toBe(0);
    expect(await consumeRateLimit(store, rules)).toBe(0);
    const retryAfter = await consumeRateLimit(store, rules);
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("gives better-auth get, set with TTL, getAndDelete, delete and increment", async () => {
    const storage = redisSecondaryStorage(redis);
    await storage.set("token-1", '{"a":1}', 30);
    expect(await storage.get("token-1")).toBe('{"a":1}');
    expect(await admin.ttl(`${prefix}auth:token-1`)).toBeGreaterThan(28);
    await storage.set("forever", "x");
    expect(await admin.ttl(`${prefix}auth:forever`)).toBe(-1);
    expect(await storage.getAndDelete("token-1")).toBe('{"a":1}');
    expect(await storage.get("token-1")).toBeNull();
    await storage.delete("forever");
    expect(await storage.get("forever")).toBeNull();
    expect(await storage.increment("n", 10)).toBe(1);
    expect(await storage.increment("n", 10)).toBe(2);
    expect(await admin.ttl(`${prefix}auth:n`)).toBeGreaterThan(8);
  });
});
