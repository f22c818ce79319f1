import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * `ledger_award_limited`: the common case of an award that counts against a daily allowance, in one round trip
 * (called only by src/server/ledger, the one writer of coins). In one call, under a lock on the user's profile:
 * the allowance is counted (each statement of a PL/pgSQL function sees every row committed before it, as the
 * statements of a transaction do), the ledger row inserted and the balance changed. It answers 'paid' (with the
 * row and the new balance) or 'limited' (with the balance); every other case — no profile, a referral bonus that
 * may be due, a cause key seen before — answers 'fallback' having changed nothing, and the ledger decides it in
 * its full transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create function ledger_award_limited(
       p_user_id text, p_amount integer, p_kind text, p_reason text, p_cause_key text,
       p_limit_key text, p_limit_max integer)
     returns table (outcome text, entry_id bigint, points integer)
     language plpgsql volatile as $$
     declare
       v_points integer;
       v_referred_by text;
       v_used bigint;
       v_entry_id bigint;
     begin
       select p.points, p.referred_by into v_points, v_referred_by
         from user_profiles p where p.id = p_user_id for update;
       if not found then
         return query select 'fallback'::text, null::bigint, null::integer;
         return;
       end if;
       if v_referred_by is not null and exists (
         select 1 from referrals r where r.referred_id = p_user_id and r.bonus_status = 'pending') then
         return query select 'fallback'::text, null::bigint, null::integer;
         return;
       end if;
       if exists (select 1 from coin_ledger l where l.cause_key = p_cause_key) then
         return query select 'fallback'::text, null::bigint, null::integer;
         return;
       end if;
       select count(*) into v_used from coin_ledger l
         where l.user_id = p_user_id and l.limit_key = p_limit_key;
       if v_used >= p_limit_max then
         return query select 'limited'::text, null::bigint, v_points;
         return;
       end if;
       insert into coin_ledger (user_id, amount, kind, reason, cause_key, limit_key)
         values (p_user_id, p_amount, p_kind, p_reason, p_cause_key, p_limit_key)
         on conflict (cause_key) do nothing
         returning id into v_entry_id;
       if v_entry_id is null then
         return query select 'fallback'::text, null::bigint, null::integer;
         return;
       end if;
       update user_profiles set points = user_profiles.points + p_amount
         where id = p_user_id returning user_profiles.points into v_points;
       return query select 'paid'::text, v_entry_id, v_points;
     end $$`,
  ]);
}
