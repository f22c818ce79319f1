import type { Kysely } from "kysely";
import { playKindsSqlList } from "~/core/coins";
import { runStatements } from "../run-statements";

/**
 * The one award and referral bonuses that clear (docs/product.md, "Coins" and "Referral program").
 *
 * - `ledger_award`: THE implementation of an award (called only by award() in src/server/ledger/ledger.service.ts).
 *   In one call, under a lock on the user's profile: a cause key seen before answers 'duplicate' (with the first
 *   row and the balance; 'foreign' when another user owns it), an allowance (`p_limit_key`, `p_limit_max`; both
 *   null for an unlimited kind) that is used up answers 'limited', else the ledger row is inserted and the balance
 *   changed ('paid'); no profile answers 'missing'. The first paid earning of a referred user stamps
 *   `user_profiles.first_earned_at` and writes one job of queue `referral.first-earning` (the outbox row the
 *   referral module handles: it records the pending pair), so the ledger never calls the referral rules.
 *   It replaces `ledger_award_limited` (migration 0090), which is dropped.
 * - `user_profiles.pending_points`: coins recorded for the user but not yet in the balance (the referral pair
 *   while it clears); written only by the ledger (src/server/ledger/referral-pair.ts).
 * - `referrals.bonus_status` 'clearing': the pair is recorded as pending at the friend's first earning
 *   (`recorded_at`) until the release job pays it ('paid'); `referrer_paid` is then whether the referrer's half is
 *   part of the pair (decided at recording by the 30-day limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table user_profiles add column first_earned_at timestamptz",
    "alter table user_profiles add column pending_points integer not null default 0 check (pending_points >= 0)",
    `update user_profiles set first_earned_at = (
       select min(l.created_at) from coin_ledger l
       where l.user_id = user_profiles.id and l.kind in ${playKindsSqlList})`,
    "alter table referrals drop constraint referrals_bonus_status_check",
    `alter table referrals add constraint referrals_bonus_status_check
       check (bonus_status in ('pending', 'clearing', 'paid', 'held', 'released', 'declined'))`,
    "alter table referrals add column recorded_at timestamptz",
    "create index referrals_clearing_idx on referrals (recorded_at) where bonus_status = 'clearing'",
    "drop function ledger_award_limited(text, integer, text, text, text, text, integer)",
    `create function ledger_award(
       p_user_id text, p_amount integer, p_kind text, p_reason text, p_cause_key text,
       p_limit_key text, p_limit_max integer)
     returns table (outcome text, entry_id bigint, points integer)
     language plpgsql volatile as $$
     declare
       v_points integer;
       v_referred_by text;
       v_first timestamptz;
       v_owner text;
       v_entry_id bigint;
       v_used bigint;
     begin
       select p.points, p.referred_by, p.first_earned_at into v_points, v_referred_by, v_first
         from user_profiles p where p.id = p_user_id for update;
       if not found then
         return query select 'missing'::text, null::bigint, null::integer;
         return;
       end if;
       select l.id, l.user_id into v_entry_id, v_owner from coin_ledger l where l.cause_key = p_cause_key;
       if found then
         return query select (case when v_owner = p_user_id then 'duplicate' else 'foreign' end)::text,
           v_entry_id, v_points;
         return;
       end if;
       if p_limit_key is not null then
         select count(*) into v_used from coin_ledger l
           where l.user_id = p_user_id and l.limit_key = p_limit_key;
         if v_used >= p_limit_max then
           return query select 'limited'::text, null::bigint, v_points;
           return;
         end if;
       end if;
       insert into coin_ledger (user_id, amount, kind, reason, cause_key, limit_key)
         values (p_user_id, p_amount, p_kind, p_reason, p_cause_key, p_limit_key)
         on conflict (cause_key) do nothing
         returning id into v_entry_id;
       if v_entry_id is null then
         -- Another user's award took this cause key since the look-up above.
         return query select 'foreign'::text, null::bigint, v_points;
         return;
       end if;
       update user_profiles p set points = p.points + p_amount, first_earned_at = coalesce(p.first_earned_at, now())
         where p.id = p_user_id returning p.points into v_points;
       if v_first is null and v_referred_by is not null then
         insert into jobs (queue, payload, dedupe_key)
           values ('referral.first-earning', jsonb_build_object('friendId', p_user_id),
             'referral.first-earning:' || p_user_id)
           on conflict (dedupe_key) do nothing;
       end if;
       return query select 'paid'::text, v_entry_id, v_points;
     end $$`,
  ]);
}
