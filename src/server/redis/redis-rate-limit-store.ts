import type { Redis, Result } from "ioredis";
import type { RateLimitStore } from "../http/rate-limit";

/**
 * One fixed-window hit, atomically: INCR, start the window's expiry on its first hit (or if it somehow has
 * none), and answer the count with the milliseconds left. Redis's clock decides when windows end, so every
 * process sees the same windows.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

declare module "ioredis" {
  interface RedisCommander<Context> {
    pleRateLimitHit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

/** Rate-limit counters shared by every process on one Redis (REDIS_URL); keys `rl:<rule key>`. */
export function createRedisRateLimitStore(redis: Redis): RateLimitStore {
  redis.defineCommand("pleRateLimitHit", { numberOfKeys: 1, lua: HIT });
  return {
    kind: "redis",
    async hit(key, windowMs) {
      const [count, ttl] = await redis.pleRateLimitHit(`rl:${key}`, windowMs);
      return { count, resetAt: Date.now() + ttl };
    },
    async reset(key) {
      await redis.del(`rl:${key}`);
    },
  };
}
