import { twMerge } from "tailwind-merge";
import { afterEach, describe, expect, it, vi } from "vitest";

const cases: string[][] = [
  ["p-6", "pb-2"],
  ["pb-2", "p-6"],
  ["text-sm font-semibold", "text-base"],
  ["h-10 px-4 py-2", "h-12 px-6"],
  ["rounded-2xl border bg-card", "mx-auto w-full max-w-2xl"],
  ["bg-primary hover:bg-primary-hover", "bg-destructive"],
];

describe("cn", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
  });

  it("queues tailwind-merge's set-up as two tasks of its own when it loads, so no hydration includes it", async () => {
    vi.useFakeTimers();
    vi.resetModules();
    await import("./cn");
    expect(vi.getTimerCount()).toBe(1);
    vi.runOnlyPendingTimers();
    expect(vi.getTimerCount()).toBe(1);
    vi.runOnlyPendingTimers();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("merges exactly like tailwind-merge, before, between and after its set-up steps", async () => {
    vi.useFakeTimers();
    for (let steps = 0; steps <= 2; steps++) {
      vi.resetModules();
      const { cn } = await import("./cn");
      for (let i = 0; i < steps; i++) vi.runOnlyPendingTimers();
      for (const inputs of cases) expect(cn(...inputs), inputs.join(" + ")).toBe(twMerge(...inputs));
      expect(cn("px-2", false, undefined, ["py-1", { "px-4": true }])).toBe("py-1 px-4");
      vi.runOnlyPendingTimers();
      vi.runOnlyPendingTimers();
    }
  });
});
