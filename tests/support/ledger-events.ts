import { DEFAULT_STREAK_RULES, type StreakRules } from "~/core/streak";
import type { Database } from "~/server/db/client";
import { dispatchLedgerEvents } from "~/server/ledger/ledger-events.job";
import { firstEarningConsumer } from "~/server/referrals/first-earning-consumer";
import { releaseConsumer } from "~/server/referrals/release-consumer";
import { rollupsConsumer } from "~/server/rollups/rollups-consumer";
import { streakConsumer } from "~/server/streaks/streak-consumer";

/**
 * For tests that call the ledger directly (no app, no periodic task): hands every event the awards wrote to the
 * app's consumers now, as the periodic task does (src/server/ledger/ledger-events.job.ts), without its grace.
 */
export async function takeLedgerEvents(
  db: Database,
  rules: StreakRules = DEFAULT_STREAK_RULES,
): Promise<Record<string, number>> {
  return dispatchLedgerEvents(
    db,
    [streakConsumer(rules), firstEarningConsumer, releaseConsumer, rollupsConsumer],
    {
      graceMs: 0,
    },
  );
}
