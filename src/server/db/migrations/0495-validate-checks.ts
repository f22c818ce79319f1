import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * The checks and keys migrations 0310–0490 added NOT VALID, validated here, in a transaction that takes no other
 * lock (docs/decisions/094): VALIDATE holds SHARE UPDATE EXCLUSIVE, which writers do not wait for. Run in the
 * migration that added the constraint, it ran under that migration's ACCESS EXCLUSIVE lock instead, and the
 * writer waited for the whole scan (bench:migrations: 1.4–2.4 s on coin_ledger at 6 M rows).
 */
const constraints: readonly [table: string, name: string][] = [
  ["admin_proposals", "admin_proposals_kind_check"],
  ["admin_proposals", "admin_proposals_kyc_kind_check"],
  ["admin_proposals", "admin_proposals_kyc_submission_fk"],
  ["admin_proposals", "admin_proposals_role_check"],
  ["quiz_questions", "quiz_questions_options_check"],
  ["coin_ledger", "coin_ledger_kind_check"],
  ["user_profiles", "user_profiles_debt_coins_check"],
  ["partner_credits", "partner_credits_state_check"],
  ["videos", "videos_reward_check"],
  ["videos", "videos_watches_per_day_check"],
  ["quizzes", "quizzes_status_check"],
  ["quizzes", "quizzes_reward_check"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    ...constraints.map(([table, name]) => `alter table ${table} validate constraint ${name}`),
  ]);
}
