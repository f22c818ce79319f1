/**
 * `npm run bench:smoke`: every `bench:*` script of package.json with `--smoke` (bench/smoke.ts) and `--no-build`
 * (dist/ is built once here when stale), one at a time, or BENCH_SMOKE_JOBS at a time: a smoke bench spends much of
 * its time starting servers and browsers and waiting out its fault windows, which leaves a core of a 2-core machine
 * idle, and its figures are printed, not judged. Each bench's output is printed whole when it ends, with its time;
 * exits 1 when one fails, so a bench that no longer runs fails CI. A new `bench:*` script is run without being
 * listed here. Each bench makes its own databases, data dirs and ports; the one thing they share, the migrated
 * server template (tests/support/server-template.ts), is made by one process at a time.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ensureBuild } from "../tests/support/server-process";

const root = path.resolve(import.meta.dirname, "..");
const scripts = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: object })
  .scripts;
/** Every bench, or those named on the command line (`npm run bench:smoke -- bench:bundle bench:farming`). */
const named = process.argv.slice(2).filter((arg) => arg.startsWith("bench:"));
const benches = Object.keys(scripts).filter(
  (name) => name.startsWith("bench:") && name !== "bench:smoke" && (!named.length || named.includes(name)),
);
const jobs = Math.max(1, Number(process.env.BENCH_SMOKE_JOBS ?? 1));

/** Runs one bench at smoke size, its output (stdout and stderr, in order) kept until it ends. */
function runBench(name: string): Promise<{ status: number | null; output: string; seconds: string }> {
  const started = performance.now();
  const child = spawn("npm", ["run", "--silent", name, "--", "--smoke", "--no-build"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status) =>
      resolve({
        status,
        output: Buffer.concat(chunks).toString(),
        seconds: ((performance.now() - started) / 1000).toFixed(1),
      }),
    );
  });
}

ensureBuild();
const started = performance.now();
const times: string[] = [];
const failed: string[] = [];
const queue = [...benches];
async function worker(): Promise<void> {
  for (let name = queue.shift(); name; name = queue.shift()) {
    const run = await runBench(name);
    process.stdout.write(`\n=== ${name} --smoke (${run.seconds} s)\n${run.output}`);
    times.push(
      `${run.seconds.padStart(7)} s  ${name}${run.status === 0 ? "" : `  FAILED (exit ${run.status})`}`,
    );
    if (run.status !== 0) failed.push(name);
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, benches.length) }, worker));
const wall = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nbench smoke times (${jobs} at a time, ${wall} s in all):\n${times.join("\n")}`);
if (failed.length) {
  console.error(`bench:smoke: ${failed.join(", ")} failed`);
  process.exitCode = 1;
}
