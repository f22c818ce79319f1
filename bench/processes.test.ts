import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { childPids, treePssMib, treeRssMib } from "../tests/support/processes";

// The ledger bench's memory figures (bench/ledger.ts) on Linux, where /proc has smaps_rollup.
describe.runIf(process.platform === "linux")("server memory figures", () => {
  it("count a process's children, and PSS is at most RSS", async () => {
    const alone = { rss: treeRssMib(process.pid), pss: treePssMib(process.pid) };
    expect(alone.pss).toBeGreaterThan(0);
    expect(alone.pss).toBeLessThanOrEqual(alone.rss);
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      await expect.poll(() => childPids(process.pid)).toContain(child.pid);
      // A node child holds several MiB of its own: both sums grow by it.
      await expect.poll(() => treePssMib(process.pid)).toBeGreaterThan(alone.pss + 5);
      expect(treeRssMib(process.pid)).toBeGreaterThan(alone.rss + 5);
    } finally {
      child.kill();
      await once(child, "exit");
    }
  });
});
