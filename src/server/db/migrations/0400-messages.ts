import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Lifecycle messages (docs/product.md, "Messages"; docs/decisions/103): each player's settings for them (kinds
 * turned off, time zone, quiet hours, daily cap — no row means the defaults), the inbox (one row per message,
 * unique by the event that caused it, kept 90 days), and when each player last played and what nudge is due next
 * (read by the periodic scans through partial indexes of the due times). Only new tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    `create table message_settings (
       user_id text primary key references "user" ("id") on delete cascade,
       off_kinds text[] not null default '{}',
       time_zone text not null default 'UTC' check (length(time_zone) between 1 and 64),
       quiet_start smallint not null default 22 check (quiet_start between 0 and 23),
       quiet_end smallint not null default 8 check (quiet_end between 0 and 23),
       daily_cap smallint not null default 3 check (daily_cap between 0 and 20),
       updated_at timestamptz not null default now())`,
    `create table messages (
       id bigint generated always as identity primary key,
       user_id text not null references "user" ("id") on delete cascade,
       kind text not null check (kind in ('referral', 'redemption', 'kyc', 'streak_milestone',
         'streak_at_risk', 'come_back')),
       event_key text not null unique,
       title text not null,
       body text not null,
       link text not null check (link ~ '^/'),
       mailed boolean not null default false,
       created_at timestamptz not null,
       read_at timestamptz)`,
    "create index messages_user_idx on messages (user_id, id)",
    "create index messages_unread_idx on messages (user_id) where read_at is null",
    "create index messages_created_idx on messages (created_at)",
    `create table player_activity (
       user_id text primary key references "user" ("id") on delete cascade,
       last_play_at timestamptz not null,
       come_back_step smallint not null default 0,
       come_back_at timestamptz,
       goal_day date,
       at_risk_at timestamptz)`,
    "create index player_activity_come_back_idx on player_activity (come_back_at) where come_back_at is not null",
    "create index player_activity_at_risk_idx on player_activity (at_risk_at) where at_risk_at is not null",
    // The development mailbox keeps a mail's extra headers, so the unsubscribe headers can be read there.
    "alter table dev_mailbox add column headers jsonb",
  ]);
}
