/**
 * The loader's statements after the earnings (bench/scale-load.ts): referrals and their bonus rows, redemptions
 * and their hold and refund rows, the profiles (balance = Σ ledger, pending coins = the clearing pairs'), KYC
 * submissions and documents, and the audit log. `$1` is the start of today (UTC).
 */
import { REFERRAL_BONUS_COINS, referralReasons } from "~/core/coins";
import { DOCUMENT_NUMBER_KEY_VERSION } from "~/core/document-number";
import { proportions, type ScaleSize } from "./scale-plan";

const friendReason = referralReasons.friend.replaceAll("'", "''");
/** The referrer's reason with the friend's masked e-mail (maskEmail: the first two characters, then ***). */
const referrerReason = `'${referralReasons.referrer("\u0001").replaceAll("'", "''")}'`;

export function extrasStatements(size: ScaleSize): [string, string][] {
  const p = proportions(size);
  const admin = (k: number) => `md5('scale-admin:${k}')`;
  return [
    [
      "referrals",
      // One user in ten (not a bench player) joined with the code of an earlier user. Status by the friend's number:
      // 80 % paid, 10 % clearing (only friends who joined within the time limit and whose own earnings, under 300
      // coins, do not clear the release rule yet: the steady state; the others of these were paid), 5 % pending
      // (within the time limit, else declined), 3 % held, 2 % declined.
      `insert into referrals (referrer_id, referred_id, created_at, bonus_status, referrer_paid, decided_at,
         decided_by, recorded_at)
       select r.id, f.id, f.created, s.status, s.status in ('paid', 'clearing'),
         case when s.status = 'declined' then f.created + interval '5 days' end,
         case when s.status = 'declined' then ${admin(1)} end,
         case when s.status in ('paid', 'clearing') then f.created + interval '1 day' end
       from scale_plan f
       join scale_plan r on r.i = 1 + abs(hashtext('ref:' || f.i)) % (f.i - 1)
       cross join lateral (select case when (f.i / 10) % 100 < 80 then 'paid'
         when (f.i / 10) % 100 < 90 then case when f.n < 30 and f.created > $1::timestamptz - interval '80 days'
           then 'clearing' else 'paid' end
         when (f.i / 10) % 100 < 95 then case when f.created > $1::timestamptz - interval '80 days'
           then 'pending' else 'declined' end
         when (f.i / 10) % 100 < 98 then 'held' else 'declined' end
         as status) s
       where f.i % ${p.referredEvery} = 3 and f.i > 20
       order by f.created`,
    ],
    [
      "referral bonus rows",
      `insert into coin_ledger (user_id, amount, kind, reason, cause_key, created_at, limit_key)
       select user_id, ${REFERRAL_BONUS_COINS}, 'referral_bonus', reason, cause_key, at, limit_key from (
         select x.referred_id as user_id, '${friendReason}' as reason, 'referral:' || x.referred_id || ':friend' as cause_key,
           least(x.recorded_at + interval '3 days', $1::timestamptz) as at, null as limit_key
         from referrals x where x.bonus_status = 'paid'
         union all
         select x.referrer_id, replace(${referrerReason}, chr(1), left(u.email, 2) || '***' || substr(u.email, strpos(u.email, '@'))),
           'referral:' || x.referred_id || ':referrer', least(x.recorded_at + interval '3 days', $1::timestamptz),
           'referral_referrer'
         from referrals x join "user" u on u.id = x.referred_id where x.bonus_status = 'paid'
       ) b order by at`,
    ],
    [
      "redemptions",
      // 1 000 coins each, from users who earned at least that much per redemption (⌊n / 100⌋ each at most);
      // the first ones still wait in the queue, the others were decided.
      `insert into redemptions (user_id, coins, cents, method, recipient, status, provider, reason, decided_by,
         created_at, updated_at, decided_at, paid_at)
       select id, 1000, 500, case when rn % 3 = 0 then 'gift_card' else 'paypal' end, 'user' || i || '@mail.test', status,
         case when status in ('paid', 'failed') then 'manual' end,
         case when status in ('rejected', 'failed') then 'Bench: declined' end,
         case when status not in ('pending', 'cancelled') then ${admin(1 + 0)} end,
         at, at, case when status <> 'pending' then at + interval '1 day' end,
         case when status = 'paid' then at + interval '1 day' end
       from (
         select p.i, p.id, rn, $1::timestamptz - case when rn <= ${p.openRedemptions} then (rn % 3) * interval '1 day'
             else (2 + rn % 88) * interval '1 day' end + (rn * 37 % 86400) * interval '1 second' as at,
           case when rn <= ${p.openRedemptions} then 'pending' when rn % 100 < 5 then 'rejected'
             when rn % 100 < 8 then 'cancelled' when rn % 100 < 9 then 'failed' when rn % 100 < 12 then 'approved'
             else 'paid' end as status
         from (select p.*, row_number() over (order by random()) as rn
           from scale_plan p, generate_series(1, p.n / 100) k where p.n >= 100) p
         where rn <= ${p.redemptions}
       ) x order by at`,
    ],
    [
      "redemption rows",
      `insert into coin_ledger (user_id, amount, kind, reason, cause_key, created_at)
       select user_id, amount, kind, reason, cause_key, at from (
         select user_id, -coins as amount, 'redemption' as kind, 'Redemption request #' || id as reason,
           'redemption:' || id as cause_key, created_at as at from redemptions
         union all
         select user_id, coins, 'redemption_refund', 'Refund of redemption request #' || id,
           'redemption-refund:' || id, decided_at from redemptions where status in ('rejected', 'cancelled', 'failed')
       ) x order by at`,
    ],
    [
      "user_profiles",
      `insert into user_profiles (id, points, referral_code, referred_by, created_at, signup_ip, pending_points,
         admin_since)
       select u.id, coalesce(l.s, 0),
         case when p.i is null then 'A' || upper(left(u.id, 12)) else 'R' || upper(to_hex(p.i)) end,
         r.referrer_id, u."createdAt", '10.' || (coalesce(p.i, 1) % 250) || '.0.1', coalesce(pp.c, 0),
         case when u.role = 'admin' then u."createdAt" end
       from "user" u
       left join scale_plan p on p.id = u.id
       left join (select user_id, sum(amount)::int as s from coin_ledger group by user_id) l on l.user_id = u.id
       left join referrals r on r.referred_id = u.id
       left join (select id, sum(c)::int as c from (
           select referred_id as id, ${REFERRAL_BONUS_COINS} as c from referrals where bonus_status = 'clearing'
           union all select referrer_id, ${REFERRAL_BONUS_COINS} from referrals
             where bonus_status = 'clearing' and referrer_paid) y group by id) pp on pp.id = u.id`,
    ],
    [
      "kyc_submissions",
      // One submission per user, spread over the users; 2 % pending, 80 % approved, 18 % rejected. Documents of
      // decisions older than 30 days are already deleted (the retention job's steady state).
      `insert into kyc_submissions (id, user_id, status, full_name, document_id_sealed, document_id_hint,
         document_type, document_size, reason, decided_by, decided_at, document_deleted_at, created_at,
         document_number_hash, document_number_key_version)
       select md5('kyc:' || k)::uuid, p.id, status, 'Player ' || p.i, sha256(('sealed:' || k)::bytea), '…' || (k % 10000),
         'image/jpeg', 180000 + k % 50000, case when status = 'rejected' then 'Bench: unreadable' end,
         case when status <> 'pending' then ${admin(2)} end,
         case when status <> 'pending' then at + interval '1 day' end,
         case when status <> 'pending' and at < $1::timestamptz - interval '31 days' then at + interval '31 days' end,
         at, sha256(('number:' || k)::bytea), ${DOCUMENT_NUMBER_KEY_VERSION}
       from (select k, 1 + (k::bigint * 7919) % ${size.users} as i,
           case when k % 50 = 0 then 'pending' when k % 100 < 82 then 'approved' else 'rejected' end as status,
           $1::timestamptz - case when k % 50 = 0 then (k % 3) * interval '1 day' else (k % 88 + 2) * interval '1 day' end
             + (k * 13 % 86400) * interval '1 second' as at
         from generate_series(1, ${p.kyc}) k) s
       join scale_plan p on p.i = s.i
       on conflict do nothing`,
    ],
    [
      "kyc_documents",
      `insert into kyc_documents (submission_id, content, created_at)
       select id, decode(repeat(md5(id::text), 64), 'hex'), created_at from kyc_submissions
       where document_deleted_at is null`,
    ],
    [
      "audit_log",
      // Administrator 1 does most, 2 the rest, 3 is rare (one action in a thousand); targets are users.
      `insert into audit_log (actor_id, action, target_type, target_id, before, after, reason, created_at)
       select case when k % 1000 = 7 then ${admin(3)} when k % 10 < 7 then ${admin(1)} else ${admin(2)} end,
         a.action, 'user', p.id,
         case when a.action = 'coins.adjust' then jsonb_build_object('points', k % 500) end,
         case when a.action = 'coins.adjust' then jsonb_build_object('points', k % 500 + 10, 'adjustmentId', md5('adj:' || k))
           else jsonb_build_object('status', 'done') end,
         'Bench: ' || a.action,
         $1::timestamptz - interval '90 days' + (k::float8 / ${p.audit}) * interval '90 days'
       from generate_series(1, ${p.audit}) k
       join scale_plan p on p.i = 1 + (k::bigint * 104729) % ${size.users}
       cross join lateral (select (array['user.ban', 'user.unban', 'coins.adjust', 'redemption.approve',
         'redemption.reject', 'kyc.approve', 'kyc.reject', 'referral.release', 'session.revoke'])[k % 9 + 1]
         as action) a
       order by k`,
    ],
  ];
}
