import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it, vi } from "vitest";
import {
  childPids,
  sampleMemory,
  treeCpuSeconds,
  treeFootprintMib,
  treeRssMib,
  treeUssMib,
  ussKib,
} from "../tests/support/processes";

// Each test starts node processes and polls their figures for up to 15 s: more than the default 5 s per test on a
// busy machine.
vi.setConfig({ testTimeout: 60_000 });

const idleNode = "setInterval(() => {}, 1000)";
/** A node process that holds `mib` MiB of its own memory, written so that every page is resident. */
/** A node process that keeps one core busy. */
const spinning = "for (;;) {}";
const holding = (mib: number) => `globalThis.kept = Buffer.alloc(${mib} * 2 ** 20, 1); ${idleNode}`;

/** An idle node process (a "primary") with a node child (a "worker") running `child`; stopped after `work`. */
async function withPrimaryAndWorker(
  child: string,
  work: (primaryPid: number, workerPid: number) => Promise<void>,
) {
  const primary = spawn(
    process.execPath,
    [
      "-e",
      `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(child)}], { stdio: "ignore" }); ${idleNode}`,
    ],
    { stdio: "ignore" },
  );
  const primaryPid = primary.pid ?? 0;
  let workerPid = 0;
  try {
    await expect.poll(() => childPids(primaryPid).length, { timeout: 15_000 }).toBe(1);
    workerPid = childPids(primaryPid)[0] ?? 0;
    await work(primaryPid, workerPid);
  } finally {
    if (workerPid) process.kill(workerPid);
    primary.kill();
    await once(primary, "exit");
  }
}

// The ledger bench's memory figures (bench/ledger.ts) on Linux, where /proc has smaps_rollup and pagemap.
describe.runIf(process.platform === "linux")("server memory figures", () => {
  it("sum a process's and its children's private memory; a process's private part is at most its RSS", async () => {
    expect(ussKib(process.pid)).toBeGreaterThan(0);
    expect(treeUssMib(process.pid)).toBeLessThanOrEqual(treeRssMib(process.pid));
    await withPrimaryAndWorker(idleNode, async (primaryPid, workerPid) => {
      // A node process holds several MiB of its own (its heap), whatever other processes map.
      await expect.poll(() => ussKib(workerPid) / 1024, { timeout: 15_000 }).toBeGreaterThan(2);
      // The sum and its parts are read one after the other; a process still starting up can grow in between,
      // so compare them at an instant when neither is changing.
      const gap = () => Math.abs(treeUssMib(primaryPid) - (ussKib(primaryPid) + ussKib(workerPid)) / 1024);
      await expect.poll(gap, { timeout: 15_000 }).toBeLessThan(1);
      expect(treeUssMib(primaryPid)).toBeGreaterThan(ussKib(primaryPid) / 1024 + 2);
    });
  });

  it("count a busy child's CPU time in its primary's tree, not an idle one's", async () => {
    await withPrimaryAndWorker(spinning, async (primaryPid, workerPid) => {
      const start = treeCpuSeconds(primaryPid);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const used = treeCpuSeconds(primaryPid) - start;
      // The worker spins for 1.5 s of wall time (less where the machine's cores are busy); the primary idles.
      expect(used).toBeGreaterThan(0.2);
      expect(used).toBeLessThan(1.5 * 1.2 + 0.1);
      expect(treeCpuSeconds(primaryPid) - treeCpuSeconds(workerPid)).toBeLessThan(used);
    });
  });

  // Page frame numbers are shown to root only; elsewhere the footprint is null and the bench prints "—".
  it.runIf(process.getuid?.() === 0)(
    "count the pages a process and its child share once, and what each holds privately in full",
    async () => {
      await withPrimaryAndWorker(holding(64), async (primaryPid) => {
        // The worker's 64 MiB buffer is resident and private to it.
        await expect.poll(() => treeUssMib(primaryPid), { timeout: 15_000 }).toBeGreaterThan(64);
        const rss = treeRssMib(primaryPid);
        const uss = treeUssMib(primaryPid);
        const footprint = treeFootprintMib(primaryPid);
        if (footprint === null) throw new Error("root could not read the page frames");
        // Both map the node binary: the RSS sum counts its resident code twice, the footprint once, the USS sum
        // not at all. (Each reading is a moment apart, hence the 2 MiB of slack.)
        expect(footprint).toBeGreaterThan(uss + 2);
        expect(footprint).toBeLessThan(rss - 2);
        expect(footprint).toBeGreaterThan(64);
        // The sampler's peak is one of these figures, not their sum or a guess.
        const peak = sampleMemory(primaryPid, { everyMs: 50, footprintEveryMs: 50 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        const sampled = peak.stop();
        expect(sampled.footprintMib).not.toBeNull();
        expect(Math.abs((sampled.footprintMib ?? 0) - footprint)).toBeLessThan(4);
        expect(Math.abs(sampled.rssMib - rss)).toBeLessThan(4);
      });
    },
  );
});
