-- THE implementation of an award (called only by award() and awardFrom() in src/server/ledger/ledger.service.ts;
-- docs/product.md, "Coins"). In one call, under a lock on the user's profile:
--   1. a profile that does not exist answers 'missing';
--   2. looked at again under the lock, whatever the request checked before it: a deleted account, a ban in force
--      or — for a request made through a session (`p_session`, its token) — a session that no longer exists
--      answers 'refused' and pays nothing (a deletion waits for this lock, so its forfeited balance is final);
--   3. a cause key paid before answers 'duplicate' (its row and the balance; 'foreign' when another user owns it);
--   4. an allowance (`p_limit_max`, the ledger's policy; null for an unlimited kind) that is used up answers
--      'limited'. An allowance is a counter (`ledger_allowances`, one row per user and key, raised only below the
--      maximum). A day whose counter the hourly job may have forgotten (before yesterday:
--      ledger-allowances.job.ts) counts from the ledger's own rows of that key, so a late win counts against its
--      own day;
--   5. else the ledger row, the balance and ONE event: a 'paid' row in `ledger_events` (the outbox), all in this
--      transaction ('paid').
-- The award knows nothing of what follows a payment (the daily goal, a referral's first earning, rollups): those
-- are consumers of the event (src/server/ledger/ledger-events.ts), each with its own cause key.
create or replace function ledger_award(
  p_user_id text, p_amount integer, p_kind text, p_reason text, p_cause_key text,
  p_subject text, p_occurred_at timestamptz, p_limit_max integer, p_session text)
returns table (outcome text, entry_id bigint, points integer)
language plpgsql volatile as $$
declare
  v_points integer;
  v_deleted timestamptz;
  v_day date := (p_occurred_at at time zone 'UTC')::date;
  v_today date := (now() at time zone 'UTC')::date;
  v_limit_key text;
  v_seed integer := 0;
  v_owner text;
  v_entry_id bigint;
  v_used integer;
begin
  select p.points, p.deleted_at into v_points, v_deleted
    from user_profiles p where p.id = p_user_id for update;
  if not found then
    return query select 'missing'::text, null::bigint, null::integer;
    return;
  end if;
  perform 1 from "user" u where u.id = p_user_id
    and not (coalesce(u.banned, false) and (u."banExpires" is null or u."banExpires" > now()))
    and (p_session is null or exists (select 1 from "session" s
      where s.token = p_session and s."userId" = u.id and s."expiresAt" > now()));
  if v_deleted is not null or not found then
    return query select 'refused'::text, null::bigint, v_points;
    return;
  end if;
  if p_limit_max is not null then
    -- A cause paid before answers as a replay, whatever the allowance says now.
    select l.id, l.user_id into v_entry_id, v_owner from coin_ledger l where l.cause_key = p_cause_key;
    if found then
      return query select (case when v_owner = p_user_id then 'duplicate' else 'foreign' end)::text,
        v_entry_id, v_points;
      return;
    end if;
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
      return query select 'limited'::text, null::bigint, v_points;
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
      -- Another user's award took the cause key since the look-up: this call used no allowance.
      update ledger_allowances set used = used - 1 where user_id = p_user_id and limit_key = v_limit_key;
    end if;
    return query select (case when v_owner = p_user_id then 'duplicate' else 'foreign' end)::text,
      v_entry_id, v_points;
    return;
  end if;
  update user_profiles p set points = p.points + p_amount where p.id = p_user_id returning p.points into v_points;
  insert into ledger_events (entry_id, user_id, kind, amount) values (v_entry_id, p_user_id, p_kind, p_amount);
  return query select 'paid'::text, v_entry_id, v_points;
end $$
