import { describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createErrorHandler } from "./errors";
import { consumeRateLimit, createMemoryRateLimitStore, rateLimit } from "./rate-limit";
import { createRouter } from "./router";

describe("memory rate-limit store", () => {
  it("counts hits per key in fixed windows", async () => {
    let now = 1_000;
    const store = createMemoryRateLimitStore(() => now);
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetAt: 61_000 });
    expect((await store.hit("a", 60_000)).count).toBe(2);
    expect((await store.hit("b", 60_000)).count).toBe(1);
    now = 61_000;
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetAt: 121_000 });
  });

  it("reset forgets a key's window at once", async () => {
    const store = createMemoryRateLimitStore(() => 1_000);
    await store.hit("a", 60_000);
    await store.hit("a", 60_000);
    await store.reset("a");
    expect((await store.hit("a", 60_000)).count).toBe(1);
    await store.reset("never-hit");
  });

  it("forgets expired windows", async () => {
    let now = 0;
    const store = createMemoryRateLimitStore(() => now);
    for (let i = 0; i < 999; i++) await store.hit(`k${i}`, 10);
    now = 100;
    expect((await store.hit("k0", 10)).count).toBe(1);
  });
});

describe("consumeRateLimit / rateLimit", () => {
  it("reports seconds to wait once any rule is over its limit", async () => {
    const store = createMemoryRateLimitStore();
    const rules = [
      { key: "ip", limit: 2 },
      { key: "addr", limit: 1 },
    ];
    expect(await consumeRateLimit(store, rules)).toBe(0);
    const wait = await consumeRateLimit(store, rules);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it("answers 429 RATE_LIMITED with Retry-After", async () => {
    const store = createMemoryRateLimitStore();
    const app = createRouter().post(
      "/",
      rateLimit(store, () => [{ key: "k", limit: 1 }]),
      (c) => c.text("ok"),
    );
    app.onError(createErrorHandler(createLogger({ logLevel: "silent" })));
    expect((await app.request("/", { method: "POST" })).status).toBe(200);
    const limited = await app.request("/", { method: "POST" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await limited.json()).error.code).toBe("RATE_LIMITED");
  });
});
