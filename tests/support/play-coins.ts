import { sql } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import type { Database } from "~/server/db/client";

/**
 * For tests that move ledger rows in time (an earning "on an earlier day"): sets the profile's coins of today
 * (`play_day`, `play_coins`, kept by the award: src/server/ledger/sql/ledger-award.sql) to what the user's rows
 * now say, as if the rows had been paid at their new times.
 */
export async function recountPlayCoins(db: Database, userId: string): Promise<void> {
  await sql`update user_profiles p set play_day = (now() at time zone 'UTC')::date,
      play_coins = (select coalesce(sum(l.amount), 0)::integer from coin_ledger l
        where l.user_id = p.id and l.kind in ${sql.raw(playKindsSqlList)}
          and l.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')
    where p.id = ${userId}`.execute(db);
}
