import type { SecondaryStorage } from "better-auth";
import type { Redis, Result } from "ioredis";

const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n
`;

declare module "ioredis" {
  interface RedisCommander<Context> {
    pleIncrement(key: string, ttlSeconds: number): Result<number, Context>;
  }
}

/**
 * better-auth's `secondaryStorage` on Redis: its session cache (and copies of verification values), keys `auth:…`.
 * While Redis is away a read answers "not cached", so better-auth reads the session from the database (where every
 * session is stored too) and signed-in pages keep working; a cache write that fails is skipped (the database has
 * the value, and a later read of the missing key goes there). Deletes still fail (503): a sign-out must not leave a
 * session behind in the cache.
 */
export function redisSecondaryStorage(redis: Redis): SecondaryStorage {
  redis.defineCommand("pleIncrement", { numberOfKeys: 1, lua: INCREMENT });
  const k = (key: string) => `auth:${key}`;
  const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl));
  return {
    get: (key) => (redis.status === "ready" ? redis.get(k(key)).catch(() => null) : Promise.resolve(null)),
    getAndDelete: (key) => redis.getdel(k(key)),
    async set(key, value, ttl) {
      if (redis.status !== "ready") return;
      const write =
        ttl !== undefined && ttl > 0
          ? redis.set(k(key), value, "EX", seconds(ttl))
          : redis.set(k(key), value);
      await write.catch(() => undefined);
    },
    async delete(key) {
      await redis.del(k(key));
    },
    increment: (key, ttl) => redis.pleIncrement(k(key), seconds(ttl)),
  };
}
