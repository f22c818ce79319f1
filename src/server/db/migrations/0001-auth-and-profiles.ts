import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * better-auth's tables (the exact shape its Kysely adapter expects; a test checks
 * `getMigrations` finds nothing left to add) and the profile/referral tables of docs/product.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table "user" (
      "id" text not null primary key,
      "name" text not null,
      "email" text not null unique,
      "emailVerified" boolean not null,
      "image" text,
      "createdAt" timestamptz default current_timestamp not null,
      "updatedAt" timestamptz default current_timestamp not null
    )`,
    `create table "session" (
      "id" text not null primary key,
      "expiresAt" timestamptz not null,
      "token" text not null unique,
      "createdAt" timestamptz default current_timestamp not null,
      "updatedAt" timestamptz not null,
      "ipAddress" text,
      "userAgent" text,
      "userId" text not null references "user" ("id") on delete cascade
    )`,
    `create table "account" (
      "id" text not null primary key,
      "accountId" text not null,
      "providerId" text not null,
      "userId" text not null references "user" ("id") on delete cascade,
      "accessToken" text,
      "refreshToken" text,
      "idToken" text,
      "accessTokenExpiresAt" timestamptz,
      "refreshTokenExpiresAt" timestamptz,
      "scope" text,
      "password" text,
      "createdAt" timestamptz default current_timestamp not null,
      "updatedAt" timestamptz not null
    )`,
    `create table "verification" (
      "id" text not null primary key,
      "identifier" text not null,
      "value" text not null,
      "expiresAt" timestamptz not null,
      "createdAt" timestamptz default current_timestamp not null,
      "updatedAt" timestamptz default current_timestamp not null
    )`,
    `create table "rateLimit" (
      "id" text not null primary key,
      "key" text not null unique,
      "count" integer not null,
      "lastRequest" bigint not null
    )`,
    `create index "session_userId_idx" on "session" ("userId")`,
    `create index "account_userId_idx" on "account" ("userId")`,
    `create index "verification_identifier_idx" on "verification" ("identifier")`,
    `create table user_profiles (
      id text primary key references "user" ("id") on delete cascade,
      points integer not null default 0 check (points >= 0),
      referral_code text not null unique check (referral_code = upper(referral_code)),
      referred_by text references "user" ("id") on delete set null,
      created_at timestamptz not null default now()
    )`,
    `create table referrals (
      id serial primary key,
      referrer_id text not null references "user" ("id") on delete cascade,
      referred_id text not null unique references "user" ("id") on delete cascade,
      created_at timestamptz not null default now(),
      check (referrer_id <> referred_id)
    )`,
    `create index referrals_referrer_idx on referrals (referrer_id)`,
  ]);
}
