import { Redis } from "ioredis";
import { it } from "vitest";

/**
 * Redis for the suites in tests/postgres: REDIS_URL_FOR_TESTS (`.ci/run` sets it). Unset, those suites are
 * skipped — except under CI=true, where `requireRedisUnderCi` registers a failing test instead.
 */
export const redisUrlForTests = process.env.REDIS_URL_FOR_TESTS || undefined;
const ci = process.env.CI === "true" || process.env.CI === "1";

export function requireRedisUnderCi(suite: string): void {
  if (redisUrlForTests) return;
  if (ci) {
    it(`${suite}: has a Redis to test against`, () => {
      throw new Error("REDIS_URL_FOR_TESTS is not set: this suite needs Redis under CI");
    });
  } else {
    console.warn(`${suite} skipped: set REDIS_URL_FOR_TESTS=redis://…`);
  }
}

/** A connection to the test Redis; an unreachable one fails the suite (never skips it). */
export async function connectTestRedis(): Promise<Redis> {
  const redis = new Redis(redisUrlForTests ?? "", {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
  });
  redis.on("error", () => {}); // reported by the failing connect() below
  await redis.connect().catch((error: Error) => {
    throw new Error(`Redis at ${redisUrlForTests} is unreachable: ${error.message}`);
  });
  return redis;
}

/** Deletes this run's keys and closes the connection. */
export async function dropTestKeys(redis: Redis | undefined, prefix: string): Promise<void> {
  if (redis?.status !== "ready") return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
