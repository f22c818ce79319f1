import { DOCUMENT_NUMBER_KEY_VERSION } from "~/core/document-number";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { documentIdAad } from "./kyc.service";
import { documentNumberHash, open } from "./kyc-crypto";

const BATCH = 200;

/**
 * Re-keys stored document numbers (docs/product.md, "KYC"; ADR 064): every submission whose hash was made with an
 * older document number key (or none) gets the hash of today's key, computed from its sealed number. Run at
 * start-up by the first process, after the migrations; safe to run twice or from two instances at once (each row
 * is updated to the same value, and only while it is still stale). A number that does not open under `key` (a
 * lost development key) is left as it was and counted. Returns how many rows were re-keyed and left.
 */
export async function rekeyDocumentNumbers(
  db: Database,
  key: Buffer,
  logger?: Pick<Logger, "info" | "warn">,
): Promise<{ rekeyed: number; unreadable: number }> {
  let rekeyed = 0;
  let unreadable = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db
      .selectFrom("kyc_submissions")
      .select(["id", "document_id_sealed"])
      .where((eb) =>
        eb.or([
          eb("document_number_key_version", "is", null),
          eb("document_number_key_version", "<", DOCUMENT_NUMBER_KEY_VERSION),
        ]),
      )
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      let number: string;
      try {
        number = open(key, row.document_id_sealed, documentIdAad(row.id)).toString("utf8");
      } catch {
        unreadable++;
        continue;
      }
      const updated = await db
        .updateTable("kyc_submissions")
        .set({
          document_number_hash: documentNumberHash(key, number),
          document_number_key_version: DOCUMENT_NUMBER_KEY_VERSION,
        })
        .where("id", "=", row.id)
        .where((eb) =>
          eb.or([
            eb("document_number_key_version", "is", null),
            eb("document_number_key_version", "<", DOCUMENT_NUMBER_KEY_VERSION),
          ]),
        )
        .executeTakeFirst();
      rekeyed += Number(updated.numUpdatedRows);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]?.id ?? after;
  }
  if (rekeyed > 0) logger?.info({ rekeyed }, "KYC document numbers re-keyed to their skeleton");
  if (unreadable > 0)
    logger?.warn(
      { unreadable },
      "KYC document numbers that do not open under KYC_ENCRYPTION_KEY were not re-keyed",
    );
  return { rekeyed, unreadable };
}
