import { spawn } from "node:child_process";
import path from "node:path";
import type { AwardInput } from "~/server/ledger/ledger.service";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/** Runs tests/support/award-then-die.ts on the database `where` names; resolves with the signal it died of. */
export function awardThenDie(
  awards: AwardInput[],
  where: { databaseUrl: string } | { pgliteDir: string },
): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/award-then-die.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      AWARDS: JSON.stringify(awards),
      ...("databaseUrl" in where ? { DATABASE_URL: where.databaseUrl } : { PGLITE_DIR: where.pgliteDir }),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      signal ? resolve(signal) : reject(new Error(`award-then-die exited with ${code}`)),
    );
  });
}
