/**
 * The statement that fills `rollup_days` from what exists (docs/decisions/071-rollups.md): per UTC day, the active
 * earners (from `rollup_earners`, filled before it), sign-ups, approvals (their audit rows), payouts and deletions
 * (the balance forfeited, and the accounts that held any). It runs on an empty `rollup_days`: every day is inserted
 * once, none merged.
 *
 * Frozen: migration 0220 runs this text, and a migration must mean the same for every install that will ever run it.
 * The rebuild (src/server/rollups/rollups-rebuild.ts) runs the same text, so the two cannot drift apart; should the
 * rebuild come to count a day otherwise, it gets a statement of its own and this one stays as it is. Nothing that
 * may change is written into it (no constant of src/core). It lives in db/ because a migration imports nothing
 * above db/ and src/core, while every domain may use db/.
 */
const day = (column: string) => `(${column} at time zone 'UTC')::date`;

export const FILL_ROLLUP_DAYS = `insert into rollup_days (day, approved, paid_out, breakage, breakage_accounts, sign_ups,
    active_earners)
  select f.day, sum(f.approved), sum(f.paid_out), sum(f.breakage), sum(f.accounts), sum(f.sign_ups),
    sum(f.earners)
  from (
    select day, 0 as approved, 0 as paid_out, 0 as breakage, 0 as accounts, 0 as sign_ups,
      count(*) as earners from rollup_earners group by day
    union all select ${day("created_at")}, 0, 0, 0, 0, count(*), 0 from user_profiles group by 1
    union all select ${day("created_at")}, sum((after->>'coins')::bigint), 0, 0, 0, 0, 0
      from audit_log where action = 'redemption.approve' group by 1
    union all select ${day("paid_at")}, 0, sum(coins), 0, 0, 0, 0
      from redemptions where status = 'paid' and paid_at is not null group by 1
    union all select ${day("deleted_at")}, 0, 0, sum(points), count(*) filter (where points > 0), 0, 0
      from user_profiles where deleted_at is not null group by 1
  ) f group by f.day`;
