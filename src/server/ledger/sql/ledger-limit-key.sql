-- THE builder of an allowance's key (coin_ledger.limit_key): `ttt_win:<day>` and `video_watch:<video>:<day>`,
-- `day` being the UTC day the earning happened; null for a kind without a daily allowance. The award writes it;
-- the allowance panel looks its counters up by it.
-- stable, as its body is (to_char is): the planner inlines a SQL function only when it is declared no less volatile
-- than its body, and inlined, the award's assignment of the key is a plain expression. Declared immutable, it was
-- run as a function of its own, planned again on every award.
create or replace function ledger_limit_key(p_kind text, p_subject text, p_occurred_at timestamptz)
returns text language sql stable as $$
  select case p_kind
    when 'ttt_win' then 'ttt_win:' || to_char(p_occurred_at at time zone 'UTC', 'YYYY-MM-DD')
    when 'video_watch' then 'video_watch:' || p_subject || ':' || to_char(p_occurred_at at time zone 'UTC', 'YYYY-MM-DD')
  end
$$
