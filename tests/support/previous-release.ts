import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The release before this one, as the rolling-upgrade test runs it (README "Upgrading"): the last commit of main
 * that landed. Bump it to the newest landed commit when a release lands, so the test always runs the release an
 * operator upgrades from.
 */
export const PREVIOUS_RELEASE = "3b32385";

const repoRoot = path.resolve(import.meta.dirname, "../..");

export interface PreviousRelease {
  /** Its tree, built: `startServer(env, { root: dir })` runs its server. */
  dir: string;
  commit: string;
  /** Whether that release serves a database one release ahead (it takes unknown migrations as done). */
  servesNewerSchema: boolean;
  remove(): Promise<void>;
}

/**
 * Checks PREVIOUS_RELEASE out into a temporary git worktree that borrows this checkout's node_modules, and builds
 * its server and web app there (its own scripts/build.mjs). Needs the git history (a clone of main has it).
 */
export async function buildPreviousRelease(ref = PREVIOUS_RELEASE): Promise<PreviousRelease> {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repoRoot, encoding: "utf8" }).trim();
  let commit: string;
  try {
    commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  } catch {
    throw new Error(`the previous release ${ref} is not in this clone's history (a shallow clone?)`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), "ple-previous-release-"));
  git("worktree", "add", "--detach", dir, commit);
  const remove = async () => {
    git("worktree", "remove", "--force", dir);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await symlink(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"));
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: dir, stdio: "pipe" });
    if (!existsSync(path.join(dir, "dist/server/main.js"))) throw new Error(`${ref} built no server`);
  } catch (error) {
    await remove();
    throw error;
  }
  const migrate = readFileSync(path.join(dir, "src/server/db/migrate.ts"), "utf8");
  return { dir, commit: commit.slice(0, 7), servesNewerSchema: migrate.includes("newer:"), remove };
}
