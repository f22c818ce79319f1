import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * The streak milestone bonus (docs/product.md, "Daily goal and streak") is a ledger row of its own kind,
 * `streak_bonus`, paid once per user, UTC day and milestone (cause key `streak:<user>:<day>:<milestone>`). The
 * streak itself is not stored: it is computed from the ledger's rows per UTC day (src/core/streak.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table coin_ledger drop constraint coin_ledger_kind_check",
    `alter table coin_ledger add constraint coin_ledger_kind_check check (kind in ('ttt_win', 'quiz_correct',
      'quiz_bonus', 'video_watch', 'referral_bonus', 'adjustment', 'redemption', 'redemption_refund',
      'streak_bonus'))`,
  ]);
}
