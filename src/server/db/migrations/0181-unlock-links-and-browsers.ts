import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * The sign-in lock is the owner's friend (docs/product.md, "Accounts and devices"; ADR 064):
 * - sign_in_unlocks: an unlock link that was used (by its HMAC), until it expires: a link works once, also when
 *   two requests bring it at the same moment (the primary key lets one insert win).
 * - user_devices.user_agent: the browser's user agent when it last signed in, so the data download can describe
 *   a browser ("Firefox 128 on Linux") without giving away the device id that exempts it from the lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table sign_in_unlocks (
      token_mac text primary key,
      user_id text not null references "user" ("id") on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz not null default now()
    )`,
    "create index sign_in_unlocks_expiry_idx on sign_in_unlocks (expires_at)",
    "alter table user_devices add column user_agent text check (length(user_agent) <= 512)",
  ]);
}
