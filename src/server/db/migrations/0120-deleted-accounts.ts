import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * A deleted account (docs/product.md "Deleting the account"): its personal data is erased at once, but the row
 * of the user and its profile stay, anonymised, so the ledger rows that point at them still add up. `deleted_at`
 * marks it for the console and makes a second deletion a no-op.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ["alter table user_profiles add column deleted_at timestamptz"]);
}
