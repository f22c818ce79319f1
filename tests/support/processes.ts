import { execFileSync } from "node:child_process";

/** One number per line of `ps -o <field>= …`; none when nothing matches (ps then exits 1). */
function ps(field: string, args: string[]): number[] {
  try {
    return execFileSync("ps", ["-o", `${field}=`, ...args], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/** Process ids whose parent is `pid` (a cluster primary's workers). */
export function childPids(pid: number): number[] {
  return ps("pid", ["--ppid", String(pid)]);
}

/** Resident memory of a process and its children (a cluster primary and its workers), in MiB. */
export function treeRssMib(pid: number): number {
  return (sum(ps("rss", ["-p", String(pid)])) + sum(ps("rss", ["--ppid", String(pid)]))) / 1024;
}

/** Samples `treeRssMib(pid)` every `everyMs` until stopped; returns the peak. */
export function sampleRss(pid: number, everyMs = 250): { stop(): number } {
  let peak = treeRssMib(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMib(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRssMib(pid));
    },
  };
}
