import type { Database } from "../db/client";
import { iso } from "./export-stream";

/** The data download's requests sections (export.service.ts): KYC submissions and redemptions, oldest first. */

/** The KYC submissions: the document id only as its hint, never the sealed id or the document. */
export async function kycOf(db: Database, userId: string) {
  const kyc = await db
    .selectFrom("kyc_submissions")
    .select([
      "id",
      "status",
      "full_name",
      "document_id_hint",
      "document_type",
      "document_size",
      "reason",
      "created_at",
      "decided_at",
      "document_deleted_at",
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return kyc.map((k) => ({
    id: k.id,
    status: k.status,
    fullName: k.full_name,
    documentId: k.document_id_hint,
    documentType: k.document_type,
    documentSize: k.document_size,
    decisionReason: k.reason,
    submittedAt: iso(k.created_at),
    decidedAt: iso(k.decided_at),
    documentDeletedAt: iso(k.document_deleted_at),
    documentAvailable: k.document_deleted_at === null,
  }));
}

/** The redemptions, with their payout's provider and dates. */
export async function redemptionsOf(db: Database, userId: string) {
  const redemptions = await db
    .selectFrom("redemptions")
    .select([
      "id",
      "coins",
      "cents",
      "method",
      "recipient",
      "status",
      "provider",
      "provider_reference",
      "reason",
      "created_at",
      "updated_at",
      "decided_at",
      "paid_at",
    ])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return redemptions.map((r) => ({
    id: r.id,
    coins: r.coins,
    cents: r.cents,
    method: r.method,
    recipient: r.recipient,
    status: r.status,
    provider: r.provider,
    providerReference: r.provider_reference,
    reason: r.reason,
    requestedAt: iso(r.created_at),
    decidedAt: iso(r.decided_at),
    paidAt: iso(r.paid_at),
    updatedAt: iso(r.updated_at),
  }));
}
