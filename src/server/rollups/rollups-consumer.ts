import { sql } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import type { LedgerEventConsumer } from "../ledger/ledger-events";

/**
 * The daily figures as a consumer of the ledger's events (src/server/ledger/ledger-events.ts; docs/product.md,
 * "Rollups"): every ledger row — an award, a referral bonus, an adjustment, a redemption's hold or refund —
 * writes one event in its transaction, and this consumer adds the events it takes to their UTC day (the ledger
 * row's own `created_at`) in the transaction that records them as taken, so each row is counted once:
 * - its kind's credit (a positive row) or debit (a negative one) in `rollup_ledger_days`;
 * - an earning by playing (PLAY_KINDS) makes its player an active earner of the day once (`rollup_earners`);
 * - a row written to an account after its deletion is forfeited with it: breakage of the row's day.
 */
export const ROLLUPS_CONSUMER = "rollups";

const day = sql.raw("(l.created_at at time zone 'UTC')::date");

export const rollupsConsumer: LedgerEventConsumer<number> = {
  name: ROLLUPS_CONSUMER,
  async consume(tx, events) {
    const ids = JSON.stringify(events.map((e) => e.entryId));
    await sql`
      with rows as (
        select l.id, l.user_id, l.kind, l.amount, ${day} as day, l.created_at
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
      late as (
        select rows.day, sum(rows.amount) as coins from rows join user_profiles p on p.id = rows.user_id
        where p.deleted_at is not null and rows.created_at > p.deleted_at group by rows.day),
      figures as (
        select day, count(*) as earners, 0 as breakage from earners group by day
        union all select day, 0, coins from late)
      insert into rollup_days as d (day, active_earners, breakage)
      select day, sum(earners), sum(breakage) from figures group by day
      on conflict (day) do update
        set active_earners = d.active_earners + excluded.active_earners, breakage = d.breakage + excluded.breakage`.execute(
      tx,
    );
    return events.length;
  },
};
