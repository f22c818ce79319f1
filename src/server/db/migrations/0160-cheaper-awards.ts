import type { Kysely } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import { runStatements } from "../run-statements";

/**
 * Cheaper awards (docs/decisions/062-cheaper-awards.md): the same rule as migration 0150's `ledger_award`, in
 * fewer steps, and callable from inside the statement that decides the earning (a video watch's completion
 * marks the watch and pays it in one statement).
 *
 * - `ledger_limit_key(kind, subject, occurred_at)`: THE builder of an allowance's key (coin_ledger.limit_key):
 *   `ttt_win:<day>` and `video_watch:<video>:<day>`, `day` being the UTC day the earning happened; null for a
 *   kind without a daily allowance. The award writes it; the allowance panel looks its counters up by it.
 * - `ledger_award`: the caller names what happened (kind, cause key, subject, when) and the allowance's size
 *   (`p_limit_max`, the ledger's policy; null for an unlimited kind); the key is built here. An allowance is a
 *   counter (`ledger_allowances`, one row per user and key, raised only below the maximum), not a count of the
 *   day's ledger rows, so its cost does not grow with them; an unlimited kind inserts first (one index probe
 *   fewer than looking the cause key up first). It also keeps the day's coins of
 *   the kinds that count towards the daily goal (`p_goal`) on the profile row it already updates, and answers
 *   them (`goal_coins`), so the streak needs no sum over the day's rows after an earning.
 * - `session_earner(token, fresh_until)`: the user a session token may earn for with nothing else to do — the
 *   session exists and is not due for its sliding refresh (`expiresAt` > `fresh_until`, i.e. now + the refresh
 *   age), its user's address is confirmed and no ban is in force — else null, and the request takes the full
 *   way (the session reader and better-auth decide: src/server/auth/earner.ts). An earning request's one
 *   statement starts with it, so the session read and the earning are one round trip.
 * - `ledger_allowances`: what each allowance has used (written only by `ledger_award`, under the profile lock);
 *   the ledger rows keep their `limit_key` too, as the record; the allowance panel reads the counters. Rows of past days are
 *   deleted by the `ledger.allowances` job (src/server/ledger/ledger-allowances.job.ts).
 * - `user_profiles.goal_day` / `goal_coins`: the UTC day of the user's last goal-counting award and that day's
 *   goal coins (written only by `ledger_award`, under the profile lock, in the balance's statement).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table user_profiles add column goal_day date",
    "alter table user_profiles add column goal_coins integer not null default 0 check (goal_coins >= 0)",
    `update user_profiles p set goal_day = t.day, goal_coins = t.coins from (
       select user_id, (now() at time zone 'UTC')::date as day, sum(amount)::integer as coins from coin_ledger
       where kind in ${playKindsSqlList}
         and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
       group by user_id) t
     where t.user_id = p.id`,
    // plpgsql, not sql: PostgreSQL keeps a plpgsql function's plans for the connection's life, while an SQL
    // function that is not inlined is planned again on every call.
    `create function session_earner(p_token text, p_fresh_until timestamptz)
     returns text language plpgsql stable as $$
     begin
       return (select s."userId" from "session" s join "user" u on u.id = s."userId"
         where s.token = p_token and s."expiresAt" > p_fresh_until and u."emailVerified"
           and not (coalesce(u.banned, false) and (u."banExpires" is null or u."banExpires" > now())));
     end $$`,
    `create table ledger_allowances (
       user_id text not null,
       limit_key text not null,
       day date not null,
       used integer not null check (used >= 0),
       primary key (user_id, limit_key))`,
    "create index ledger_allowances_day_idx on ledger_allowances (day)",
    `insert into ledger_allowances (user_id, limit_key, day, used)
       select user_id, limit_key, right(limit_key, 10)::date, count(*)::integer from coin_ledger
       where limit_key is not null and right(limit_key, 10) ~ '^\\d{4}-\\d{2}-\\d{2}$'
       group by user_id, limit_key`,
    `create function ledger_limit_key(p_kind text, p_subject text, p_occurred_at timestamptz)
     returns text language sql immutable as $$
       select case p_kind
         when 'ttt_win' then 'ttt_win:' || to_char(p_occurred_at at time zone 'UTC', 'YYYY-MM-DD')
         when 'video_watch' then 'video_watch:' || p_subject || ':' || to_char(p_occurred_at at time zone 'UTC', 'YYYY-MM-DD')
       end
     $$`,
    "drop function ledger_award(text, integer, text, text, text, text, integer)",
    `create function ledger_award(
       p_user_id text, p_amount integer, p_kind text, p_reason text, p_cause_key text,
       p_subject text, p_occurred_at timestamptz, p_limit_max integer, p_goal boolean)
     returns table (outcome text, entry_id bigint, points integer, goal_coins integer)
     language plpgsql volatile as $$
     declare
       v_points integer;
       v_referred_by text;
       v_first timestamptz;
       v_goal_day date;
       v_goal_coins integer;
       v_today date := (now() at time zone 'UTC')::date;
       v_limit_key text;
       v_owner text;
       v_entry_id bigint;
       v_used integer;
     begin
       select p.points, p.referred_by, p.first_earned_at, p.goal_day, p.goal_coins
         into v_points, v_referred_by, v_first, v_goal_day, v_goal_coins
         from user_profiles p where p.id = p_user_id for update;
       if not found then
         return query select 'missing'::text, null::bigint, null::integer, null::integer;
         return;
       end if;
       v_goal_coins := case when v_goal_day = v_today then v_goal_coins else 0 end;
       if p_limit_max is not null then
         -- A cause paid before answers as a replay, whatever the allowance says now.
         select l.id, l.user_id into v_entry_id, v_owner from coin_ledger l where l.cause_key = p_cause_key;
         if found then
           return query select (case when v_owner = p_user_id then 'duplicate' else 'foreign' end)::text,
             v_entry_id, v_points, v_goal_coins;
           return;
         end if;
         v_limit_key := ledger_limit_key(p_kind, p_subject, p_occurred_at);
         insert into ledger_allowances as a (user_id, limit_key, day, used)
           values (p_user_id, v_limit_key, (p_occurred_at at time zone 'UTC')::date, 1)
           on conflict (user_id, limit_key) do update set used = a.used + 1 where a.used < p_limit_max
           returning a.used into v_used;
         if v_used is null then
           return query select 'limited'::text, null::bigint, v_points, v_goal_coins;
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
           v_entry_id, v_points, v_goal_coins;
         return;
       end if;
       if p_goal then
         v_goal_coins := v_goal_coins + p_amount;
       end if;
       update user_profiles p set points = p.points + p_amount,
           first_earned_at = coalesce(p.first_earned_at, now()),
           goal_day = case when p_goal then v_today else p.goal_day end,
           goal_coins = case when p_goal then v_goal_coins else p.goal_coins end
         where p.id = p_user_id returning p.points into v_points;
       if v_first is null and v_referred_by is not null then
         insert into jobs (queue, payload, dedupe_key)
           values ('referral.first-earning', jsonb_build_object('friendId', p_user_id),
             'referral.first-earning:' || p_user_id)
           on conflict (dedupe_key) do nothing;
       end if;
       return query select 'paid'::text, v_entry_id, v_points, v_goal_coins;
     end $$`,
  ]);
}
