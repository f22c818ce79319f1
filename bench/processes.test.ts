import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { childPids, treeRssMib, treeUssMib, ussKib } from "../tests/support/processes";

const idleNode = "setInterval(() => {}, 1000)";

// The ledger bench's memory figures (bench/ledger.ts) on Linux, where /proc has smaps_rollup.
describe.runIf(process.platform === "linux")("server memory figures", () => {
  it("sum a process's and its children's private memory; a process's private part is at most its RSS", async () => {
    expect(ussKib(process.pid)).toBeGreaterThan(0);
    expect(treeUssMib(process.pid)).toBeLessThanOrEqual(treeRssMib(process.pid));
    // An idle node process (a "primary") with an idle node child (a "worker"): both hold steady memory.
    const primary = spawn(
      process.execPath,
      [
        "-e",
        `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(idleNode)}], { stdio: "ignore" }); ${idleNode}`,
      ],
      { stdio: "ignore" },
    );
    const primaryPid = primary.pid ?? 0;
    let workerPid = 0;
    try {
      await expect.poll(() => childPids(primaryPid).length, { timeout: 15_000 }).toBe(1);
      workerPid = childPids(primaryPid)[0] ?? 0;
      // A node process holds several MiB of its own (its heap), whatever other processes map.
      await expect.poll(() => ussKib(workerPid) / 1024, { timeout: 15_000 }).toBeGreaterThan(2);
      const parts = (ussKib(primaryPid) + ussKib(workerPid)) / 1024;
      expect(Math.abs(treeUssMib(primaryPid) - parts)).toBeLessThan(1);
      expect(treeUssMib(primaryPid)).toBeGreaterThan(ussKib(primaryPid) / 1024 + 2);
    } finally {
      if (workerPid) process.kill(workerPid);
      primary.kill();
      await once(primary, "exit");
    }
  });
});
