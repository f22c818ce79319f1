import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Document numbers compared by their skeleton (docs/product.md, "KYC"; ADR 064): which version of the document
 * number key (src/core/document-number.ts) `document_number_hash` was made with. Null: an older key, or no hash.
 * The hash is recomputed from the sealed number at start-up (src/server/kyc/kyc-rekey.ts), which needs the KYC
 * key that migrations do not have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ["alter table kyc_submissions add column document_number_key_version smallint"]);
}
