import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../errors";
import { documented } from "./route-docs";
import type { AppBindings } from "./router";

/**
 * Where rate-limit counters live. Memory by default (one process); a shared store (Redis, REDIS_URL)
 * implements the same interface for several processes.
 */
export type RateLimitStoreKind = "redis" | "memory";

export interface RateLimitStore {
  /** Where the counters live (GET /api/ready says it): Redis, shared by every process, or this process's memory. */
  readonly kind: RateLimitStoreKind;
  /** Counts one hit on `key` in its current fixed window; returns the hits so far and when the window ends (ms). */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** Forgets `key`'s window (a lock lifted early: the account's sign-in counter after a sign-in or unlock). */
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let hitsSinceSweep = 0;
  return {
    kind: "memory",
    async hit(key, windowMs) {
      const t = now();
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= t) {
        window = { count: 0, resetAt: t + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { ...window };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export interface RateLimitRule {
  /** Counter name, e.g. `sign-in:ip:10.0.0.7`. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs?: number;
}

/**
 * Counts one hit against every rule; returns how many seconds until the caller may try again when
 * any rule is over its limit, else 0.
 */
export async function consumeRateLimit(store: RateLimitStore, rules: RateLimitRule[]): Promise<number> {
  let retryAt = 0;
  for (const rule of rules) {
    const { count, resetAt } = await store.hit(rule.key, rule.windowMs ?? 60_000);
    if (count > rule.limit) retryAt = Math.max(retryAt, resetAt);
  }
  return retryAt ? Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)) : 0;
}

/** Refuses the request with 429 RATE_LIMITED (and Retry-After) when any of `rulesFor`'s rules is over its limit. */
export function rateLimit(
  store: RateLimitStore,
  rulesFor: (c: Context<AppBindings>) => RateLimitRule[] | Promise<RateLimitRule[]>,
): MiddlewareHandler<AppBindings> {
  const limit: MiddlewareHandler<AppBindings> = async (c, next) => {
    const retryAfter = await consumeRateLimit(store, await rulesFor(c));
    if (retryAfter) {
      c.header("Retry-After", String(retryAfter));
      throw new AppError("RATE_LIMITED");
    }
    return next();
  };
  return documented(limit, { kind: "errors", codes: ["RATE_LIMITED"] });
}
