import { execFileSync } from "node:child_process";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";

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

/** Process ids whose parent is `pid` (the server's first process: the workers it forked). */
export function childPids(pid: number): number[] {
  return ps("pid", ["--ppid", String(pid)]);
}

/**
 * CPU seconds a process and its children have used so far, in user space and in the kernel (Linux: /proc/<pid>/stat,
 * in USER_HZ ticks of 1/100 s); a process that cannot be read counts 0.
 */
export function treeCpuSplit(pid: number): { user: number; system: number } {
  const ticks = [pid, ...childPids(pid)].map((p) => {
    try {
      // The fields after the command (which may hold spaces), from the state on: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ").at(-1)!.split(" ");
      return [Number(fields[11]), Number(fields[12])] as const;
    } catch {
      return [0, 0] as const;
    }
  });
  return { user: sum(ticks.map((t) => t[0])) / 100, system: sum(ticks.map((t) => t[1])) / 100 };
}

/** CPU seconds (user + system) a process and its children have used so far (treeCpuSplit). */
export function treeCpuSeconds(pid: number): number {
  const { user, system } = treeCpuSplit(pid);
  return user + system;
}

/** Resident memory of a process and its children (the server's first process and its workers), in MiB. */
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

const PAGE_BYTES = 4096;

/** The address ranges of a process's mappings that have resident pages (/proc/<pid>/smaps). */
function residentRanges(pid: number): [start: number, end: number][] {
  const ranges: [number, number][] = [];
  let current: [number, number] | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (mapping) current = [Number.parseInt(mapping[1]!, 16), Number.parseInt(mapping[2]!, 16)];
    else if (current && /^Rss:\s+[1-9]/.test(line)) ranges.push(current);
  }
  return ranges;
}

/**
 * The memory a process and its children occupy together, in MiB: their resident pages, each physical page counted
 * once however many of them map it (the node binary's code, mapped by every worker, counts once; the RSS sum
 * counts it per process). The page frames come from /proc/<pid>/pagemap, which shows them only to a privileged
 * reader (root); null when they cannot be read. Linux only.
 */
export function treeFootprintMib(pid: number): number | null {
  const frames = new Set<number>();
  for (const p of [pid, ...childPids(pid)]) {
    let fd: number;
    let ranges: [number, number][];
    try {
      ranges = residentRanges(p);
      fd = openSync(`/proc/${p}/pagemap`, "r");
    } catch {
      continue; // the process has just exited
    }
    try {
      for (const [start, end] of ranges) {
        const entries = new Uint32Array(((end - start) / PAGE_BYTES) * 2);
        const read = readSync(fd, entries, 0, entries.byteLength, (start / PAGE_BYTES) * 8) / 4;
        for (let at = 0; at + 1 < read; at += 2) {
          // A 64-bit entry, little-endian: bit 63 "present", bits 0–54 the page frame number (0 to an
          // unprivileged reader).
          const high = entries[at + 1]!;
          if (!(high & 0x8000_0000)) continue;
          const frame = (high & 0x7f_ffff) * 2 ** 32 + entries[at]!;
          if (frame === 0) return null;
          frames.add(frame);
        }
      }
    } finally {
      closeSync(fd);
    }
  }
  return (frames.size * PAGE_BYTES) / 2 ** 20;
}

export interface MemorySample {
  rssMib: number;
  ussMib: number;
  /** null where the page frames cannot be read (not root, not Linux). */
  footprintMib: number | null;
}

/** The three figures of a process and its children now. */
export function treeMemory(pid: number): MemorySample {
  return { rssMib: treeRssMib(pid), ussMib: treeUssMib(pid), footprintMib: treeFootprintMib(pid) };
}

/**
 * Samples the RSS and USS sums every `everyMs` and the footprint every `footprintEveryMs` (reading the page
 * frames of ~2 GiB of address space per worker takes ~50 ms of this process's CPU) until stopped; returns the peak
 * of each figure.
 */
export function sampleMemory(
  pid: number,
  { everyMs = 250, footprintEveryMs = 1000 } = {},
): { stop(): MemorySample } {
  const peak = treeMemory(pid);
  const sampleSums = () => {
    peak.rssMib = Math.max(peak.rssMib, treeRssMib(pid));
    peak.ussMib = Math.max(peak.ussMib, treeUssMib(pid));
  };
  const sampleFootprint = () => {
    const now = treeFootprintMib(pid);
    peak.footprintMib = peak.footprintMib === null || now === null ? null : Math.max(peak.footprintMib, now);
  };
  const timers = [setInterval(sampleSums, everyMs), setInterval(sampleFootprint, footprintEveryMs)];
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
      sampleSums();
      sampleFootprint();
      return peak;
    },
  };
}
