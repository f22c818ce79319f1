import { sql } from "kysely";
import type { Database } from "../db/client";
import type { JobHandler } from "../jobs/jobs.worker";
import type { Logger } from "../logger";
import { databaseDocumentStore, type KycDocumentStore } from "./document-store";

/** The recurring job that deletes KYC documents after the retention period (scheduled hourly by serve.ts). */
export const KYC_RETENTION_QUEUE = "kyc.retention";
export const KYC_RETENTION_EVERY_MS = 60 * 60 * 1000;
const BATCH = 100;

/**
 * Deletes the document bytes of every submission decided more than `retentionDays` ago and marks the
 * submission (`document_deleted_at`); the decision record stays. Each submission in its own short transaction,
 * so a crash midway loses nothing and a rerun finishes the rest. Returns how many documents were deleted.
 */
export async function purgeExpiredKycDocuments(
  db: Database,
  retentionDays: number,
  options: { now?: Date; store?: KycDocumentStore } = {},
): Promise<number> {
  const store = options.store ?? databaseDocumentStore;
  const cutoff = new Date((options.now ?? new Date()).getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    const due = await db
      .selectFrom("kyc_submissions")
      .select("id")
      .where("status", "<>", "pending")
      .where("document_deleted_at", "is", null)
      .where("decided_at", "<=", cutoff)
      .orderBy("decided_at")
      .limit(BATCH)
      .execute();
    for (const { id } of due) {
      await db.transaction().execute(async (trx) => {
        if (await store.delete(trx, id)) deleted++;
        await trx
          .updateTable("kyc_submissions")
          .set({ document_deleted_at: sql<Date>`now()` })
          .where("id", "=", id)
          .execute();
      });
    }
    if (due.length < BATCH) return deleted;
  }
}

export function kycRetentionJobHandler(db: Database, retentionDays: number, logger: Logger): JobHandler {
  return async () => {
    const deleted = await purgeExpiredKycDocuments(db, retentionDays);
    if (deleted > 0)
      logger.info({ deleted, retentionDays }, "KYC documents deleted after the retention period");
  };
}
