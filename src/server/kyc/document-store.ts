import type { Database } from "../db/client";

/**
 * Where sealed KYC documents live. Today in the database (`kyc_documents`: works on PGlite and PostgreSQL and
 * across instances); an S3-compatible store can implement the same three calls later. `db` is the transaction
 * of the change when there is one, so a submission and its document commit together.
 */
export interface KycDocumentStore {
  put(db: Database, submissionId: string, sealed: Uint8Array): Promise<void>;
  get(db: Database, submissionId: string): Promise<Uint8Array | null>;
  /** Deletes the bytes; true if there were any. */
  delete(db: Database, submissionId: string): Promise<boolean>;
}

export const databaseDocumentStore: KycDocumentStore = {
  async put(db, submissionId, sealed) {
    await db.insertInto("kyc_documents").values({ submission_id: submissionId, content: sealed }).execute();
  },
  async get(db, submissionId) {
    const row = await db
      .selectFrom("kyc_documents")
      .select("content")
      .where("submission_id", "=", submissionId)
      .executeTakeFirst();
    return row ? row.content : null;
  },
  async delete(db, submissionId) {
    const result = await db
      .deleteFrom("kyc_documents")
      .where("submission_id", "=", submissionId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
