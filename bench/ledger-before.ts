/**
 * The "before" half of `npm run bench:ledger`: the same benchmark as committed at BENCH_LEDGER_BEFORE (a git
 * ref; default LEDGER_BEFORE_REF, the last commit before the change it measures), run in the same run on the
 * same machine, so that a change to the earning path is judged by figures taken minutes apart, not against a
 * table written on another day. The ref is checked out into a temporary git worktree that borrows this checkout's
 * node_modules, its benchmark (bench/ledger.ts, `runLedgerBench`) runs there in a child process — it builds that
 * tree's server and migrates its own databases — and its result comes back as JSON. A before tree that did not
 * measure the two-transaction floor gets it from this tree's bench/ledger-load.ts (plain `pg`, no import of the
 * app), run on a database of its own schema. BENCH_LEDGER_BEFORE=none skips it. Figures, not tests.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LedgerBenchResult } from "./ledger";

/**
 * Main before ADR 120 (the server's own CPU per paid watch: a statement's name hashed on every query, a session
 * cookie's HMAC computed on every request, a time zone checked by building a formatter on every use). ADR 081's
 * before was da7f029, ADR 070's f3569fe, ADR 067's 2681be9.
 */
export const LEDGER_BEFORE_REF = "9efd053";

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
    // A script of our own in the old tree: its benchmark as JSON (its CLI prints only a table), with the
    // two-transaction floor on its own schema where it did not measure it.
    await writeFile(
      path.join(dir, "bench", "before-json.ts"),
      [
        `import { runLedgerBench, withDatabase } from "./ledger";`,
        `import { benchFloors } from ${JSON.stringify(path.join(repoRoot, "bench", "ledger-load.ts"))};`,
        "const result = await runLedgerBench();",
        "if (!result.twoFloor) result.twoFloor = (await withDatabase(benchFloors)).twoFloor;",
        `console.log(${JSON.stringify(MARK)} + JSON.stringify(result));`,
        "",
      ].join("\n"),
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
