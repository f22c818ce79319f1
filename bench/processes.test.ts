import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { childPids, treeRssMib, treeUssMib, ussKib } from "../tests/support/processes";

// The ledger bench's memory figures (bench/ledger.ts) on Linux, where /proc has smaps_rollup.
describe.runIf(process.platform === "linux")("server memory figures", () => {
  it("sum a process's and its children's private memory; a process's private part is at most its RSS", async () => {
    expect(ussKib(process.pid)).toBeGreaterThan(0);
    expect(treeUssMib(process.pid)).toBeLessThanOrEqual(treeRssMib(process.pid));
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      await expect.poll(() => childPids(process.pid), { timeout: 15_000 }).toContain(child.pid);
      // A node process holds several MiB of its own (its heap), whatever other processes map.
      const pid = child.pid ?? 0;
      await expect.poll(() => ussKib(pid) / 1024, { timeout: 15_000 }).toBeGreaterThan(5);
      // Read back to back: the tree's sum is this process's part plus the child's.
      const parts = ussKib(process.pid) / 1024 + ussKib(pid) / 1024;
      expect(Math.abs(treeUssMib(process.pid) - parts)).toBeLessThan(2);
    } finally {
      child.kill();
      await once(child, "exit");
    }
  });
});
