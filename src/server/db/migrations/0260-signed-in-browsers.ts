import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * user_devices.signed_in_at: when the browser last signed in to the account (with the password, or by the
 * confirmation link); null for the browser that only made the account or opened an unlock link. An account with
 * no such row has never signed in: its first sign-in says "Welcome", not "Welcome back" (docs/product.md). Rows
 * from before this column count as signed in (their last sighting), so existing players keep "Welcome back".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table user_devices add column signed_in_at timestamptz",
    "update user_devices set signed_in_at = last_seen_at",
  ]);
}
