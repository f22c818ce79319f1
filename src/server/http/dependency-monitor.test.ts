import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createDependencyMonitor } from "./dependency-monitor";

function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

const waitFor = async (check: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("the dependency monitor", () => {
  it("logs one line when a dependency goes down and one when it is back, however many failures between", async () => {
    const { logger, lines } = capturingLogger();
    let reachable = false;
    const monitor = createDependencyMonitor({
      logger,
      probeEveryMs: 20,
      probes: {
        database: async () => {
          if (!reachable) throw new Error("ECONNREFUSED");
        },
      },
    });
    for (let i = 0; i < 100; i++) monitor.reportDown("database", new Error("ECONNREFUSED"));
    expect(monitor.isDown()).toBe(true);
    expect(monitor.isDown("database")).toBe(true);
    expect(monitor.isDown("redis")).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    reachable = true;
    await waitFor(() => !monitor.isDown());
    monitor.stop();
    expect(lines.map((l) => l.msg)).toEqual([
      "database unreachable: answering 503 until it is back",
      "database reachable again",
    ]);
  });

  it("check() probes each configured dependency within a bound", async () => {
    const { logger } = capturingLogger();
    const monitor = createDependencyMonitor({
      logger,
      probes: { database: async () => {}, redis: () => new Promise(() => {}) },
    });
    const started = Date.now();
    expect(await monitor.check(100)).toEqual({ database: "ok", redis: "unreachable" });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(monitor.isDown("redis")).toBe(true);
    monitor.stop();
    const noRedis = createDependencyMonitor({ logger, probes: { database: async () => {} } });
    expect(await noRedis.check()).toEqual({ database: "ok", redis: "not configured" });
    noRedis.stop();
  });
});
