import { randomUUID } from "node:crypto";
import type { KycFields, KycStatusResponse } from "~/core/api/kyc";
import { DOCUMENT_NUMBER_KEY_VERSION } from "~/core/document-number";
import { type KycDocumentType, type KycStatus, maskDocumentId } from "~/core/kyc";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { queueMessage } from "../messages/messages.service";
import { databaseDocumentStore, type KycDocumentStore } from "./document-store";
import { documentNumberHash, seal } from "./kyc-crypto";

/**
 * Identity verification: not submitted → pending → approved | rejected. One pending submission per user (the
 * database enforces it too); after a rejection the user may submit again; after an approval not. The document
 * and the document id are sealed with AES-256-GCM before they reach the database (kyc-crypto.ts). Rules in
 * docs/product.md ("KYC").
 */

/** Associated data binding a sealed value to its submission and field (see kyc-crypto.ts). */
export const documentAad = (submissionId: string) => `kyc-document:${submissionId}`;
export const documentIdAad = (submissionId: string) => `kyc-document-id:${submissionId}`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The user's verification status: that of their latest submission, or 'none'. */
export async function getKycStatus(db: Database, userId: string): Promise<KycStatusResponse> {
  const row = await db
    .selectFrom("kyc_submissions")
    .select(["status", "reason", "created_at", "decided_at", "document_id_hint"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row)
    return { status: "none", reason: null, submittedAt: null, decidedAt: null, documentIdMasked: null };
  return {
    status: row.status,
    reason: row.status === "rejected" ? row.reason : null,
    submittedAt: iso(row.created_at),
    decidedAt: iso(row.decided_at),
    documentIdMasked: row.document_id_hint,
  };
}

/** The KYC state (latest submission, or 'none') of each of `userIds`, in one query: for lists of users. */
export async function kycStatesOf(db: Database, userIds: readonly string[]): Promise<Map<string, KycStatus>> {
  const states = new Map<string, KycStatus>(userIds.map((id) => [id, "none"]));
  if (userIds.length === 0) return states;
  const rows = await db
    .selectFrom("kyc_submissions")
    .distinctOn("user_id")
    .select(["user_id", "status"])
    .where("user_id", "in", [...userIds])
    .orderBy("user_id")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const row of rows) states.set(row.user_id, row.status);
  return states;
}

export interface KycSubmission extends KycFields {
  userId: string;
  /** The uploaded file, its type already sniffed from its content. */
  document: { bytes: Uint8Array; type: KycDocumentType };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/**
 * Stores a submission and its sealed document in one transaction. 409 KYC_PENDING while one is pending
 * (also when two arrive at once: the partial unique index refuses the second), 409 KYC_ALREADY_APPROVED after
 * an approval.
 */
export async function submitKyc(
  deps: { db: Database; key: Buffer; store?: KycDocumentStore },
  input: KycSubmission,
): Promise<KycStatusResponse> {
  const store = deps.store ?? databaseDocumentStore;
  const current = await getKycStatus(deps.db, input.userId);
  if (current.status === "pending") throw new AppError("KYC_PENDING");
  if (current.status === "approved") throw new AppError("KYC_ALREADY_APPROVED");
  try {
    await deps.db.transaction().execute(async (trx) => {
      const id = randomUUID();
      await trx
        .insertInto("kyc_submissions")
        .values({
          id,
          user_id: input.userId,
          full_name: input.fullName,
          document_id_sealed: seal(deps.key, Buffer.from(input.documentId, "utf8"), documentIdAad(id)),
          document_id_hint: maskDocumentId(input.documentId),
          document_number_hash: documentNumberHash(deps.key, input.documentId),
          document_number_key_version: DOCUMENT_NUMBER_KEY_VERSION,
          document_type: input.document.type,
          document_size: input.document.bytes.byteLength,
        })
        .execute();
      await store.put(trx, id, seal(deps.key, input.document.bytes, documentAad(id)));
      await queueMessage(trx, lifecycleMessages.kycReceived({ userId: input.userId, submissionId: id }));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("KYC_PENDING");
    throw error;
  }
  return getKycStatus(deps.db, input.userId);
}
