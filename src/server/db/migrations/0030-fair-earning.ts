import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Daily earning limits, human-speed games, real video watches and referral bonuses held for review
 * (docs/product.md, "Fair earning").
 * - coin_ledger.limit_key: the allowance a paid row counts against (`ttt_win:2026-11-23`); the ledger counts
 *   these under the user's profile lock before paying.
 * - games.replied_at: when the server last answered a move (the human-speed rule); games.unpaid_reason: a win
 *   that was decided not to pay (the daily limit), so nothing tries to pay it again.
 * - quiz_sessions.paid_day/paid_slot: a paid session claims one of the day's slots per quiz (unique), a
 *   session without a claim is practice.
 * - user_profiles.signup_ip, referrals.bonus_status: the referral bonus pair's state.
 * - videos, video_watches: the video catalogue and the server's watch sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table coin_ledger add column limit_key text check (length(limit_key) between 1 and 200)",
    "create index coin_ledger_limit_idx on coin_ledger (user_id, limit_key) where limit_key is not null",
    "alter table games add column replied_at timestamptz",
    "alter table games add column unpaid_reason text check (unpaid_reason in ('daily-limit'))",
    "alter table quiz_sessions add column practice boolean not null default false",
    "alter table quiz_sessions add column paid_day text check (paid_day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')",
    "alter table quiz_sessions add column paid_slot smallint check (paid_slot >= 1)",
    "create unique index quiz_sessions_paid_slot on quiz_sessions (user_id, quiz_id, paid_day, paid_slot)",
    "alter table user_profiles add column signup_ip text check (length(signup_ip) between 1 and 100)",
    `alter table referrals add column bonus_status text not null default 'pending'
      check (bonus_status in ('pending', 'paid', 'held', 'released', 'declined'))`,
    "alter table referrals add column referrer_paid boolean not null default false",
    "alter table referrals add column decided_at timestamptz",
    `alter table referrals add column decided_by text references "user" ("id") on delete set null`,
    `update referrals set bonus_status = 'paid', referrer_paid = true
      where exists (select 1 from coin_ledger where cause_key = 'referral:' || referrals.referred_id || ':friend')`,
    "create index referrals_held_idx on referrals (created_at) where bonus_status = 'held'",
    `create table videos (
      id text primary key check (id ~ '^[a-z0-9-]{1,64}$'),
      title text not null check (length(title) between 1 and 200),
      description text not null check (length(description) between 1 and 1000),
      duration_seconds integer not null check (duration_seconds between 1 and 36000),
      source_url text not null check (length(source_url) between 1 and 2000),
      source_type text not null default 'video/webm' check (length(source_type) between 1 and 100),
      captions_url text check (length(captions_url) between 1 and 2000),
      position integer not null
    )`,
    `insert into videos (id, title, description, duration_seconds, source_url, captions_url, position) values
      ('exciting-new-content', 'Exciting New Content!', 'A first look at what is new on Play, Learn, Earn this month.', 20,
        '/media/videos/exciting-new-content.webm', '/media/videos/exciting-new-content.vtt', 1),
      ('tutorial-get-started', 'Tutorial: Get Started', 'How to play, learn and earn your first coins in a few minutes.', 20,
        '/media/videos/tutorial-get-started.webm', '/media/videos/tutorial-get-started.vtt', 2),
      ('community-highlights', 'Community Highlights', 'The best moments and top players from our community.', 20,
        '/media/videos/community-highlights.webm', '/media/videos/community-highlights.vtt', 3)`,
    `create table video_watches (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references "user" ("id") on delete cascade,
      video_id text not null references videos (id) on delete cascade,
      started_at timestamptz not null default now(),
      completed_at timestamptz
    )`,
    "create index video_watches_user_idx on video_watches (user_id, started_at desc)",
  ]);
}
