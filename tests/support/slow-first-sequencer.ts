import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files known to take long (from timed runs: each starts and kills servers dozens of times, type-checks the whole web
 * app, or walks a browser through long journeys), longest first. Vitest's own order runs one project after another
 * and, without the results of an earlier run (a clean CI clone has none), the largest files first; the long files
 * are small ones, so they started late and the run ended with one of the two workers busy and the other idle.
 * Starting them first lets the many short files fill in beside them.
 */
const SLOW_FIRST = [
  // vitest.config.ts
  "tests/db/crash.test.ts",
  "tests/contract/web-contract.test.ts",
  "tests/db/streak-crash.test.ts",
  "tests/db/ledger-events-crash.test.ts",
  "tests/db/mail-outage.test.ts",
  "tests/db/referral-release-crash.test.ts",
  "tests/db/payout-crash.test.ts",
  "tests/postgres/two-instances.test.ts",
  "tests/postgres/worker-processes.test.ts",
  "tests/postgres/delete-while-earning.test.ts",
  "tests/postgres/metrics-processes.test.ts",
  "tests/db/secure-start.test.ts",
  "tests/db/earning-table.test.ts",
  "tests/db/fuzz.test.ts",
  "tests/db/authorization.test.ts",
  "tests/db/ops-monitoring.test.ts",
  "src/server/db/client.test.ts",
  // vitest.e2e.config.ts
  "tests/e2e/quizzes.e2e.test.ts",
  "tests/e2e/admin.e2e.test.ts",
  "tests/e2e/redemptions.e2e.test.ts",
  "tests/e2e/kyc.e2e.test.ts",
  "tests/e2e/accounts.e2e.test.ts",
  "tests/e2e/account.e2e.test.ts",
  "tests/e2e/wallet.e2e.test.ts",
];

const root = path.resolve(import.meta.dirname, "../..");

function rank(spec: TestSpecification): number {
  const at = SLOW_FIRST.indexOf(path.relative(root, spec.moduleId).split(path.sep).join("/"));
  return at === -1 ? SLOW_FIRST.length : at;
}

/** Vitest's order (groups, then its own), with the known long files of each group moved to its front. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    return [...sorted].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
