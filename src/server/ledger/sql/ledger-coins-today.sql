-- A user's coins of the kinds `p_kinds` in the ledger rows of today (UTC), as this transaction sees them now: the
-- earning answers' `goalCoinsToday`, read after the award in the award's own statement (ledger.service.ts). Not
-- part of the award. plpgsql and volatile: never inlined into the calling statement, and its query takes a
-- fresh snapshot, so it sees the row the award in the same statement just wrote. The index
-- coin_ledger_user_created_idx bounds it by the rows of one user's day.
create or replace function ledger_coins_today(p_user_id text, p_kinds text[])
returns integer language plpgsql volatile as $$
begin
  return (select coalesce(sum(l.amount), 0)::integer from coin_ledger l
    where l.user_id = p_user_id and l.kind = any(p_kinds)
      and l.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC');
end $$
