-- THE implementation of an award (called only by award() and awardFrom() in src/server/ledger/ledger.service.ts;
-- docs/product.md, "Coins"). In one call, under a lock on the user's profile:
--   1. a profile that does not exist answers 'missing';
--   2. looked at again under the lock, whatever the request checked before it: a deleted account, a ban in force
--      or — for a request made through a session (`p_session`, its token) — a session that no longer exists
--      answers 'refused' and pays nothing (a deletion updates the profile, so an award that waited for it reads
--      its `deleted_at`: its forfeited balance is final). The lock and this look are one statement;
--   3. an allowance (`p_limit_max`, the ledger's policy; null for an unlimited kind) that is used up answers
--      'limited' — or 'duplicate' when the cause key was paid before (a replay answers as one, whatever the
--      allowance says now). An allowance is a counter (`ledger_allowances`, one row per user and key, raised only
--      below the maximum). A day whose counter the hourly job may have forgotten (before yesterday:
--      ledger-allowances.job.ts) counts from the ledger's own rows of that key, so a late win counts against its
--      own day;
--   4. a cause key paid before answers 'duplicate' (its row and the balance; 'foreign' when another user owns it),
--      and gives back the allowance step 3 took;
--   5. else the ledger row, the balance and ONE event: a 'paid' row in `ledger_events` (the outbox: its key, its
--      user and its time), all in this transaction ('paid'); a debt of the user's is then repaid first from it
--      (sql/ledger-repay-debt.sql), its row and event in this transaction too, and `points` answers the balance after.
-- Every outcome answers the user's coins of the earning kinds today (`play_coins`, `p_play`: this kind is one of
-- PLAY_KINDS): a counter on the profile (`play_day`, `play_coins`) kept here, in the update of the balance, and
-- equal to the sum of the user's rows of those kinds whose time is today (UTC) — only this function writes them.
-- The award knows nothing of what follows a payment (the daily goal, a referral's release, rollups): those
-- are consumers of the event (src/server/ledger/ledger-events.ts), each with its own cause key.
create or replace function ledger_award(
  p_user_id text, p_amount integer, p_kind text, p_reason text, p_cause_key text,
  p_subject text, p_occurred_at timestamptz, p_limit_max integer, p_session text, p_play boolean)
returns table (outcome text, entry_id bigint, points integer, play_coins integer)
language plpgsql volatile as $$
declare
  v_points integer;
  v_play integer;
  v_allowed boolean;
  v_day date := (p_occurred_at at time zone 'UTC')::date;
  v_today date := (now() at time zone 'UTC')::date;
  v_limit_key text;
  v_seed integer := 0;
  v_owner text;
  v_entry_id bigint;
  v_used integer;
begin
  select p.points, case when p.play_day = v_today then p.play_coins else 0 end,
      p.deleted_at is null and exists (select 1 from "user" u where u.id = p.id
        and not (coalesce(u.banned, false) and (u."banExpires" is null or u."banExpires" > now()))
        and (p_session is null or exists (select 1 from "session" s
          where s.token = p_session and s."userId" = u.id and s."expiresAt" > now())))
    into v_points, v_play, v_allowed
    from user_profiles p where p.id = p_user_id for update of p;
  if not found then
    return query select 'missing'::text, null::bigint, null::integer, null::integer;
    return;
  end if;
  if not v_allowed then
    return query select 'refused'::text, null::bigint, v_points, v_play;
    return;
  end if;
  if p_limit_max is not null then
    v_limit_key := ledger_limit_key(p_kind, p_subject, p_occurred_at);
    if v_day < v_today - 1 then
      select count(*)::integer into v_seed from coin_ledger l
        where l.user_id = p_user_id and l.limit_key = v_limit_key;
    end if;
    insert into ledger_allowances as a (user_id, limit_key, day, used)
      select p_user_id, v_limit_key, v_day, v_seed + 1 where v_seed < p_limit_max
      on conflict (user_id, limit_key) do update set used = greatest(a.used, v_seed) + 1
        where greatest(a.used, v_seed) < p_limit_max
      returning a.used into v_used;
    if v_used is null then
      -- Used up: a cause paid before still answers as a replay.
      select l.id, l.user_id into v_entry_id, v_owner from coin_ledger l where l.cause_key = p_cause_key;
      if found then
        return query select (case when v_owner = p_user_id then 'duplicate' else 'foreign' end)::text,
          v_entry_id, v_points, v_play;
        return;
      end if;
      return query select 'limited'::text, null::bigint, v_points, v_play;
      return;
    end if;
  end if;
  insert into coin_ledger (user_id, amount, kind, reason, cause_key, limit_key)
    values (p_user_id, p_amount, p_kind, p_reason, p_cause_key, v_limit_key)
    on conflict (cause_key) do nothing
    returning id into v_entry_id;
  if v_entry_id is null then
    select l.id, l.user_id into v_entry_id, v_owner from coin_ledger l where l.cause_key = p_cause_key;
    if v_limit_key is not null then
      -- The cause was paid before (a replay, or another user's award): this call used no allowance.
      update ledger_allowances set used = used - 1 where user_id = p_user_id and limit_key = v_limit_key;
    end if;
    return query select (case when v_owner = p_user_id then 'duplicate' else 'foreign' end)::text,
      v_entry_id, v_points, v_play;
    return;
  end if;
  update user_profiles p set points = p.points + p_amount, play_day = v_today,
      play_coins = (case when p.play_day = v_today then p.play_coins else 0 end)
        + (case when p_play then p_amount else 0 end)
    where p.id = p_user_id returning p.points, p.play_coins into v_points, v_play;
  insert into ledger_events (entry_id, user_id) values (v_entry_id, p_user_id);
  -- A debt (coins a partner's reversal could not take back) is repaid first, in this transaction.
  v_points := v_points - ledger_repay_debt(p_user_id, v_entry_id);
  return query select 'paid'::text, v_entry_id, v_points, v_play;
end $$
