import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./jobs.worker";

describe("retryDelayMs", () => {
  it("doubles from the base up to the cap, with ±25 % jitter", () => {
    const backoff = { baseMs: 1000, maxMs: 10_000 };
    for (const [attempt, nominal] of [
      [1, 1000],
      [2, 2000],
      [4, 8000],
      [9, 10_000],
    ] as const) {
      const delay = retryDelayMs(attempt, backoff);
      expect(delay).toBeGreaterThanOrEqual(nominal * 0.75);
      expect(delay).toBeLessThanOrEqual(nominal * 1.25);
    }
  });
});
