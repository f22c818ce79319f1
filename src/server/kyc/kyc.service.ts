import { randomUUID } from "node:crypto";
import type { KycDecisionResult, KycFields, KycStatusResponse } from "~/core/api/kyc";
import { DOCUMENT_NUMBER_KEY_VERSION } from "~/core/document-number";
import {
  KYC_SAME_DOCUMENT_REASON_MESSAGE,
  type KycDocumentType,
  type KycStatus,
  maskDocumentId,
} from "~/core/kyc";
import type { AppDeps } from "../app-deps";
import { recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { kycDecisionMail } from "../mail/templates";
import { databaseDocumentStore, type KycDocumentStore } from "./document-store";
import { documentNumberHash, seal } from "./kyc-crypto";
import { sameDocumentAs } from "./kyc-same-document";

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
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("KYC_PENDING");
    throw error;
  }
  return getKycStatus(deps.db, input.userId);
}

export interface KycDecision {
  submissionId: string;
  /** The administrator; null for the system (tests, scripts). */
  actorId: string | null;
  decision: "approve" | "reject";
  /** Required for a rejection: the user reads it on /kyc and in the e-mail. */
  reason?: string | null;
  requestId?: string | null;
}

/**
 * Records an administrator's decision on a pending submission, its audit row and the e-mail to the user, all in
 * one transaction. 404 for an unknown submission, 409 KYC_ALREADY_DECIDED when it is not pending any more (two
 * administrators deciding at once: the second gets the 409). Approving a submission whose document number another
 * account submitted too needs a reason (422 otherwise); the audit row names those accounts.
 */
export async function decideKyc(
  deps: Pick<AppDeps, "db" | "mailOutbox" | "env">,
  input: KycDecision,
): Promise<KycDecisionResult> {
  const reason = input.reason?.trim() || null;
  if (input.decision === "reject" && !reason) {
    throw new AppError("VALIDATION_FAILED", undefined, [
      { path: "reason", message: "Please give a reason for the rejection." },
    ]);
  }
  const status = input.decision === "approve" ? "approved" : "rejected";
  return deps.db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("kyc_submissions")
      .select("user_id")
      .where("id", "=", input.submissionId)
      .executeTakeFirst();
    if (own?.user_id === input.actorId)
      throw new AppError(
        "SELF_ACTION",
        "You cannot decide your own KYC submission: another administrator must do it.",
      );
    const others = (await sameDocumentAs(trx, input.submissionId)).map((o) => o.userId);
    if (input.decision === "approve" && others.length > 0 && !reason)
      throw new AppError("VALIDATION_FAILED", undefined, [
        { path: "reason", message: KYC_SAME_DOCUMENT_REASON_MESSAGE },
      ]);
    const row = await trx
      .updateTable("kyc_submissions")
      .set({ status, reason, decided_by: input.actorId, decided_at: new Date() })
      .where("id", "=", input.submissionId)
      .where("status", "=", "pending")
      .returning(["id", "user_id"])
      .executeTakeFirst();
    if (!row) {
      const exists = await trx
        .selectFrom("kyc_submissions")
        .select("id")
        .where("id", "=", input.submissionId)
        .executeTakeFirst();
      throw new AppError(exists ? "KYC_ALREADY_DECIDED" : "NOT_FOUND");
    }
    await recordAudit(trx, {
      actorId: input.actorId,
      action: input.decision === "approve" ? "kyc.approve" : "kyc.reject",
      targetType: "kyc_submission",
      targetId: row.id,
      before: { status: "pending", userId: row.user_id },
      after: { status, userId: row.user_id, ...(others.length ? { sameDocumentAs: others } : {}) },
      reason,
      requestId: input.requestId ?? null,
    });
    const user = await trx
      .selectFrom("user")
      .select("email")
      .where("id", "=", row.user_id)
      .executeTakeFirstOrThrow();
    await deps.mailOutbox.enqueue(
      kycDecisionMail(user.email, { approved: status === "approved", reason }, `${deps.env.appUrl}/kyc`),
      { db: trx, dedupeKey: `kyc-decision:${row.id}` },
    );
    return { submissionId: row.id, userId: row.user_id, status };
  });
}
