import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Accounts no one can pre-claim (docs/decisions/084-accounts-no-one-can-pre-claim.md). `contested_sign_ups`: an
 * unconfirmed account that a second sign-up asked for, so more than one person may know a password of it; its
 * confirmation makes the confirming browser choose the password. `email_confirmations`: the one confirmation of an
 * address that may sign a browser in (the first to insert it wins, however many open the link at once). Both are
 * new tables; each goes with its user (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    `create table contested_sign_ups (
       user_id text primary key references "user" ("id") on delete cascade,
       contested_at timestamptz not null default now())`,
    `create table email_confirmations (
       user_id text primary key references "user" ("id") on delete cascade,
       confirmed_at timestamptz not null default now())`,
  ]);
}
