import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

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

/** A process's proportional set size (Linux: /proc/<pid>/smaps_rollup), KiB; 0 when it cannot be read. */
function pssKib(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The memory a process and its children really hold, in MiB: the sum of their proportional set sizes, where a
 * page several of them share (the node binary's code, mapped by every worker) is split among them instead of
 * counted once per process as RSS counts it. Linux only; 0 elsewhere.
 */
export function treePssMib(pid: number): number {
  return sum([pid, ...childPids(pid)].map(pssKib)) / 1024;
}

/** Samples `treeRssMib(pid)` and `treePssMib(pid)` every `everyMs` until stopped; returns the peaks. */
export function sampleRss(pid: number, everyMs = 250): { stop(): { rssMib: number; pssMib: number } } {
  let rss = treeRssMib(pid);
  let pss = treePssMib(pid);
  const sample = () => {
    rss = Math.max(rss, treeRssMib(pid));
    pss = Math.max(pss, treePssMib(pid));
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rssMib: rss, pssMib: pss };
    },
  };
}
