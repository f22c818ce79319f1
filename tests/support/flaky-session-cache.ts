import type { SecondaryStorage } from "better-auth";

/**
 * An in-memory stand-in for better-auth's Redis session cache that can be made unreachable, with the same
 * behaviour as redisSecondaryStorage (src/server/redis) during an outage: reads answer "not cached", writes are
 * skipped, deletes and increments fail.
 */
export function flakySessionCache() {
  const values = new Map<string, { value: string; until: number }>();
  const state = { down: false };
  const unreachable = () => Promise.reject(new Error("the session cache is unreachable"));
  const live = (key: string) => {
    const entry = values.get(key);
    return entry && entry.until > Date.now() ? entry.value : null;
  };
  const storage: SecondaryStorage = {
    get: async (key) => (state.down ? null : live(key)),
    async getAndDelete(key) {
      if (state.down) return unreachable();
      const value = live(key);
      values.delete(key);
      return value;
    },
    async set(key, value, ttl) {
      if (state.down) return;
      values.set(key, { value, until: ttl ? Date.now() + ttl * 1000 : Number.POSITIVE_INFINITY });
    },
    async delete(key) {
      if (state.down) return unreachable();
      values.delete(key);
    },
    async increment(key, ttl) {
      if (state.down) return unreachable();
      const next = Number(live(key) ?? 0) + 1;
      values.set(key, { value: String(next), until: Date.now() + ttl * 1000 });
      return next;
    },
  };
  return { storage, state };
}
