import { sql } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import type { LedgerEventConsumer } from "../ledger/ledger-events";

/**
 * The daily figures as a consumer of the ledger's events (src/server/ledger/ledger-events.ts; docs/product.md,
 * "Rollups"): every ledger row — an award, a referral bonus, an adjustment, a redemption's hold or refund —
 * writes one event in its transaction, and this consumer adds the events it takes to their UTC day (the ledger
 * row's own `created_at`) in the transaction that records them as taken, so each row is counted once:
 * - its kind's credit (a positive row) or debit (a negative one) in `rollup_ledger_days`;
 * - an earning by playing (PLAY_KINDS) makes its player an active earner of the day once (`rollup_earners`).
 * No row is written to an account after its deletion (the award and the adjustment refuse it under the profile's
 * lock, its unpaid referrals and pending redemptions are settled in the deletion's transaction), so a deleted
 * account's breakage is its balance at deletion (rollups.service.ts), and every row here is owed or was forfeited
 * with that balance.
 */
export const ROLLUPS_CONSUMER = "rollups";

const day = sql.raw("(l.created_at at time zone 'UTC')::date");

export const rollupsConsumer: LedgerEventConsumer<number> = {
  name: ROLLUPS_CONSUMER,
  async consume(trx, events) {
    const ids = JSON.stringify(events.map((e) => e.entryId));
    await sql`
      with rows as (
        select l.id, l.user_id, l.kind, l.amount, ${day} as day
        from coin_ledger l where l.id in (select value::bigint from jsonb_array_elements_text(${ids}::jsonb))),
      ledger as (
        insert into rollup_ledger_days as r (day, kind, credit, debit)
        select day, kind, sum(greatest(amount, 0)), sum(greatest(-amount, 0)) from rows group by day, kind
        on conflict (day, kind) do update
          set credit = r.credit + excluded.credit, debit = r.debit + excluded.debit),
      earners as (
        insert into rollup_earners (day, user_id)
        select distinct day, user_id from rows where kind in ${sql.raw(playKindsSqlList)}
        on conflict do nothing
        returning day),
      figures as (select day, count(*) as earners from earners group by day)
      insert into rollup_days as d (day, active_earners)
      select day, earners from figures
      on conflict (day) do update set active_earners = d.active_earners + excluded.active_earners`.execute(
      trx,
    );
    return events.length;
  },
};
