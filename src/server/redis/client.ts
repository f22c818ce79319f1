import { Redis } from "ioredis";
import type { Env } from "../env";
import type { Logger } from "../logger";

/**
 * The one Redis connection of a process (REDIS_URL), shared by the rate-limit store and better-auth's session
 * cache. Every key gets REDIS_PREFIX. Connects before the server listens, so a wrong URL stops start-up. During a
 * later outage commands fail at once (no offline queue) and requests that need Redis answer 503; session reads
 * fall back to the database. ioredis reconnects by itself (every 50 ms … 0.5 s); `onDown` hears of the first error.
 */
export async function openRedis(
  env: Pick<Env, "redisUrl" | "redisPrefix">,
  logger: Logger,
  onDown: (error: Error) => void = () => {},
): Promise<Redis> {
  if (!env.redisUrl) throw new Error("openRedis needs REDIS_URL");
  const redis = new Redis(env.redisUrl, {
    keyPrefix: env.redisPrefix,
    lazyConnect: true,
    connectTimeout: 5000,
    // A command sent while disconnected fails now instead of waiting for a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 50, 500),
  });
  // Without a listener an 'error' event would end the process; the monitor logs the outage once.
  redis.on("error", (err: Error) => {
    logger.debug({ error: err.message }, "redis connection error");
    onDown(err);
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
