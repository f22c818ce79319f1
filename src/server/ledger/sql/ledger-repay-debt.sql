-- THE repayment of a player's debt (docs/product.md, "Earning partners"; docs/decisions/105): coins a partner's
-- reversal could not take back because they were spent (user_profiles.debt_coins). Called in the transaction that
-- paid an earning — by ledger_award (sql/ledger-award.sql) after its row and balance, and by the ledger's other
-- payers (ledger-rows.ts: repayDebt) — with the earning's ledger row, under the lock on the profile the caller
-- holds. It takes what it can — the least of the debt, the earning and the balance — with ONE ledger row of kind
-- `debt_repayment` (cause key `debt-repay:<the earning's row>`: a second call repays nothing), the balance and the
-- debt changed together, and its event; so after every commit points = Σ the user's rows and debt_coins ≥ 0.
-- Answers the coins repaid (0 when there was no debt).
create or replace function ledger_repay_debt(p_user_id text, p_entry_id bigint)
returns integer
language plpgsql volatile as $$
declare
  v_debt integer;
  v_points integer;
  v_earned integer;
  v_take integer;
  v_id bigint;
begin
  select p.debt_coins, p.points into v_debt, v_points from user_profiles p where p.id = p_user_id for update;
  if not found or v_debt <= 0 then
    return 0;
  end if;
  select l.amount into v_earned from coin_ledger l where l.id = p_entry_id and l.user_id = p_user_id;
  v_take := least(v_debt, coalesce(v_earned, 0), v_points);
  if v_take <= 0 then
    return 0;
  end if;
  insert into coin_ledger (user_id, amount, kind, reason, cause_key)
    values (p_user_id, -v_take, 'debt_repayment', 'Repayment of reversed coins already spent',
      'debt-repay:' || p_entry_id)
    on conflict (cause_key) do nothing
    returning id into v_id;
  if v_id is null then
    return 0;
  end if;
  update user_profiles set points = points - v_take, debt_coins = debt_coins - v_take where id = p_user_id;
  insert into ledger_events (entry_id, user_id) values (v_id, p_user_id);
  return v_take;
end $$
