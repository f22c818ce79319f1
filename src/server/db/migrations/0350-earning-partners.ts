import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Earning partners (docs/product.md, "Earning partners"; docs/decisions/091): the partners the console manages,
 * each player's opaque id for them, and every credit a partner's postback recorded — pending until its release
 * date, then available, or reversed. Only new tables, and the ledger's kind check widened by a constraint added
 * NOT VALID and validated by migration 0495, in a transaction of its own (no long lock on coin_ledger).
 *
 * A partner's secret is kept encrypted (`secret_box`, partners/partner-secrets.ts) and never answered again; a
 * rotation waits in `proposed_secret_box` for a second administrator, and the old one verifies until
 * `previous_secret_until`. A new partner is created disabled, its enabling proposed (`proposed_change`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    `create table partners (
       id bigint generated always as identity primary key,
       slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
       name text not null check (length(name) between 1 and 80),
       scheme text not null default 'default' check (scheme in ('default', 'ayet', 'wannads')),
       secret_box text not null,
       previous_secret_box text,
       previous_secret_until timestamptz,
       proposed_secret_box text,
       coins_per_dollar integer check (coins_per_dollar between 1 and 100000),
       hold_days integer not null default 14 check (hold_days between 0 and 365),
       allowed_sources text[] not null default '{}',
       daily_cap_coins integer check (daily_cap_coins > 0),
       wall_url text,
       enabled boolean not null default false,
       proposed_change text check (proposed_change in ('enable', 'rotate')),
       proposed_by text references "user" ("id") on delete set null,
       created_by text references "user" ("id") on delete set null,
       created_at timestamptz not null default now())`,
    `create table partner_player_ids (
       user_id text primary key references "user" ("id") on delete cascade,
       partner_user_id text not null unique,
       created_at timestamptz not null default now())`,
    `create table partner_credits (
       id bigint generated always as identity primary key,
       partner_id bigint not null references partners (id),
       transaction_id text not null,
       user_id text references "user" ("id") on delete set null,
       coins integer not null check (coins >= 0),
       payout_micros bigint not null check (payout_micros >= 0),
       state text not null default 'pending' check (state in ('pending', 'available', 'reversed')),
       release_at timestamptz not null,
       created_at timestamptz not null default now(),
       released_at timestamptz,
       reversed_at timestamptz,
       conflicts integer not null default 0,
       unique (partner_id, transaction_id))`,
    "create index partner_credits_release_idx on partner_credits (release_at) where state = 'pending'",
    "create index partner_credits_user_idx on partner_credits (user_id, id)",
    "create index partner_credits_day_idx on partner_credits (partner_id, created_at)",
    "alter table coin_ledger drop constraint coin_ledger_kind_check",
    `alter table coin_ledger add constraint coin_ledger_kind_check check (kind in ('ttt_win', 'quiz_correct',
      'quiz_bonus', 'video_watch', 'referral_bonus', 'adjustment', 'redemption', 'redemption_refund',
      'streak_bonus', 'partner_credit', 'partner_reversal')) not valid`,
  ]);
}
