/**
 * The "before" half of `npm run bench:ledger`: the same benchmark as committed at BENCH_LEDGER_BEFORE (a git
 * ref; default LEDGER_BEFORE_REF, the last commit before the cheaper award of ADR 070), run in the same run on the
 * same machine, so that a change to the earning path is judged by figures taken minutes apart, not against a
 * table written on another day. The ref is checked out into a temporary git worktree that borrows this checkout's
 * node_modules, its benchmark (bench/ledger.ts, `runLedgerBench`) runs there in a child process — it builds that
 * tree's server and migrates its own databases — and its result comes back as JSON. BENCH_LEDGER_BEFORE=none skips
 * it. Figures, not tests.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LedgerBenchResult } from "./ledger";

/**
 * Main before ADR 070 (the award that summed the day's rows for the answer's coins today and wrote a wider event;
 * the recurring release job). ADR 067's before was 2681be9.
 */
export const LEDGER_BEFORE_REF = "f3569fe";

const repoRoot = path.resolve(import.meta.dirname, "..");
const MARK = "LEDGER-BEFORE-JSON:";

export interface BeforeRun {
  ref: string;
  commit: string;
  result: LedgerBenchResult;
}

export async function runLedgerBefore(
  ref: string = process.env.BENCH_LEDGER_BEFORE ?? LEDGER_BEFORE_REF,
): Promise<BeforeRun | null> {
  if (ref === "none") return null;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repoRoot, encoding: "utf8" }).trim();
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  const dir = await mkdtemp(path.join(tmpdir(), "ple-ledger-before-"));
  git("worktree", "add", "--detach", dir, commit);
  try {
    await symlink(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"));
    // A script of our own in the old tree: its benchmark as JSON (its CLI prints only a table).
    await writeFile(
      path.join(dir, "bench", "before-json.ts"),
      `import { runLedgerBench } from "./ledger";\nconsole.log(${JSON.stringify(MARK)} + JSON.stringify(await runLedgerBench()));\n`,
    );
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "bench/before-json.ts"], {
        cwd: dir,
        env: process.env,
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 ? resolve(text) : reject(new Error(`the benchmark at ${ref} exited with ${code}`)),
      );
    });
    const line = out.split("\n").find((l) => l.startsWith(MARK));
    if (!line) throw new Error(`the benchmark at ${ref} printed no result`);
    return {
      ref,
      commit: commit.slice(0, 7),
      result: JSON.parse(line.slice(MARK.length)) as LedgerBenchResult,
    };
  } finally {
    git("worktree", "remove", "--force", dir);
    await rm(dir, { recursive: true, force: true });
  }
}
