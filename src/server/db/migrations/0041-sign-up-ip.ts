import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/** The address an account signed up from, for operators looking into abuse (the admin console's user page). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table sign_up_info (
      user_id text primary key references "user" ("id") on delete cascade,
      ip text,
      created_at timestamptz not null default now()
    )`,
  ]);
}
