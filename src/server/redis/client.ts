import { Redis } from "ioredis";
import type { Env } from "../env";
import type { Logger } from "../logger";

/**
 * The one Redis connection of a process (REDIS_URL), shared by the rate-limit store and better-auth's session
 * cache. Every key gets REDIS_PREFIX. Connects before the server listens, so a wrong URL stops start-up; later
 * outages fail requests that need Redis (500) after a couple of retries instead of hanging them (ADR 014).
 */
export async function openRedis(env: Pick<Env, "redisUrl" | "redisPrefix">, logger: Logger): Promise<Redis> {
  if (!env.redisUrl) throw new Error("openRedis needs REDIS_URL");
  const redis = new Redis(env.redisUrl, {
    keyPrefix: env.redisPrefix,
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 2,
  });
  let down = false;
  redis.on("error", (err: Error) => {
    if (down) return;
    down = true;
    logger.error({ err }, "redis unavailable");
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    logger.info("redis available again");
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return redis;
}
