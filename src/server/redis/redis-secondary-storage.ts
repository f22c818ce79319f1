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

/** better-auth's `secondaryStorage` on Redis: its session cache (and copies of verification values), keys `auth:…`. */
export function redisSecondaryStorage(redis: Redis): SecondaryStorage {
  redis.defineCommand("pleIncrement", { numberOfKeys: 1, lua: INCREMENT });
  const k = (key: string) => `auth:${key}`;
  const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl));
  return {
    get: (key) => redis.get(k(key)),
    getAndDelete: (key) => redis.getdel(k(key)),
    async set(key, value, ttl) {
      if (ttl !== undefined && ttl > 0) await redis.set(k(key), value, "EX", seconds(ttl));
      else await redis.set(k(key), value);
    },
    async delete(key) {
      await redis.del(k(key));
    },
    increment: (key, ttl) => redis.pleIncrement(k(key), seconds(ttl)),
  };
}
