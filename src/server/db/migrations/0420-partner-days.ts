import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * The business in numbers per earning partner (docs/product.md, "Earning partners"; docs/decisions/106):
 * `rollup_partner_days`, per partner and UTC day, the postbacks recorded, the credits and reversals among them,
 * and their coins and payouts (micro-dollars). Kept by the postback's own transaction (src/server/rollups/
 * partner-days.service.ts), so a postback is counted once with what it recorded. Filled here from the credits that
 * exist: a credit on the day it was received, a reversal on the day it was reversed (a postback each; refused
 * postbacks and copies were never kept, so the days before this migration count only those).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    `create table rollup_partner_days (
       partner_id bigint not null references partners (id),
       day date not null,
       postbacks bigint not null default 0,
       credits bigint not null default 0,
       reversals bigint not null default 0,
       coins_credited bigint not null default 0,
       coins_reversed bigint not null default 0,
       payout_credited_micros bigint not null default 0,
       payout_reversed_micros bigint not null default 0,
       primary key (day, partner_id))`,
    "lock table partner_credits in share mode",
    `insert into rollup_partner_days (partner_id, day, postbacks, credits, reversals, coins_credited,
       coins_reversed, payout_credited_micros, payout_reversed_micros)
     select partner_id, day, sum(credits + reversals), sum(credits), sum(reversals), sum(coins_credited),
       sum(coins_reversed), sum(payout_credited), sum(payout_reversed)
     from (
       select partner_id, (created_at at time zone 'UTC')::date as day, 1 as credits, 0 as reversals,
         coins as coins_credited, 0 as coins_reversed, payout_micros as payout_credited, 0 as payout_reversed
       from partner_credits
       union all
       select partner_id, (reversed_at at time zone 'UTC')::date, 0, 1, 0, coins, 0, payout_micros
       from partner_credits where state = 'reversed' and reversed_at is not null
     ) f group by partner_id, day`,
  ]);
}
