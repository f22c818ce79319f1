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

/**
 * A process's unique set size: its resident pages no other process maps (Linux: Private_Clean + Private_Dirty of
 * /proc/<pid>/smaps_rollup), KiB; 0 when it cannot be read.
 */
export function ussKib(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? 0);
    return field("Private_Clean") + field("Private_Dirty");
  } catch {
    return 0;
  }
}

/**
 * The memory a process and its children hold privately, in MiB: the sum of their unique set sizes. Unlike the RSS
 * sum it does not count the pages they share (the node binary's code, mapped by every worker) once per process;
 * those come on top, once. Linux only; 0 elsewhere.
 */
export function treeUssMib(pid: number): number {
  return sum([pid, ...childPids(pid)].map(ussKib)) / 1024;
}

/** Samples `treeRssMib(pid)` and `treeUssMib(pid)` every `everyMs` until stopped; returns the peaks. */
export function sampleRss(pid: number, everyMs = 250): { stop(): { rssMib: number; ussMib: number } } {
  let rss = treeRssMib(pid);
  let uss = treeUssMib(pid);
  const sample = () => {
    rss = Math.max(rss, treeRssMib(pid));
    uss = Math.max(uss, treeUssMib(pid));
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rssMib: rss, ussMib: uss };
    },
  };
}
