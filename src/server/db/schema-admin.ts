import type { ColumnType, Generated } from "kysely";

/** The operators' tables: jobs, KYC, the audit log and dual-control proposals. */

export type JobStatus = "queued" | "running" | "done" | "failed";

export interface JobTable {
  id: Generated<number>;
  queue: string;
  /** jsonb; written as a JSON string. */
  payload: ColumnType<unknown, string, string>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Generated<Date>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type KycStatusValue = "pending" | "approved" | "rejected";

/** The KYC decision record; it stays after the document's bytes are deleted (see kyc_documents). */
export interface KycSubmissionTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<KycStatusValue>;
  full_name: string;
  /** The document id sealed with AES-256-GCM (src/server/kyc/kyc-crypto.ts); only administrators see it opened. */
  document_id_sealed: Uint8Array;
  /** What the submitter sees of the document id, e.g. `••••1234`. */
  document_id_hint: string;
  /** HMAC-SHA256 of the normalised document number (kyc-crypto.ts); null for submissions made before it existed. */
  document_number_hash: Uint8Array | null;
  /** The version of the key the hash was made with (DOCUMENT_NUMBER_KEY_VERSION); null: older, re-keyed at start-up. */
  document_number_key_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** Sniffed from the file's content: image/jpeg, image/png, image/webp or application/pdf. */
  document_type: string;
  document_size: number;
  reason: string | null;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the retention job deleted the document's bytes. */
  document_deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

/** The uploaded document, sealed with AES-256-GCM; deleted by the retention job, the submission stays. */
export interface KycDocumentTable {
  submission_id: string;
  content: Uint8Array;
  created_at: Generated<Date>;
}

/** Append-only (a trigger refuses UPDATE and DELETE): written only by src/server/audit/audit.service.ts. */
export interface AuditLogTable {
  id: Generated<number>;
  /** The administrator, or null for the system (ADMIN_EMAILS, the CLI). */
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  /** jsonb; written as a JSON string. */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: string | null;
  request_id: string | null;
  created_at: Generated<Date>;
}

/** A dual-control proposal (docs/decisions/056): a large movement waiting for a second administrator. */
export interface AdminProposalTable {
  id: Generated<number>;
  kind: "coins.adjust" | "redemption.approve" | "role.change" | "kyc.approve";
  status: Generated<"proposed" | "approved" | "withdrawn">;
  /** Whose coins (the adjusted user, or the redemption's owner). */
  user_id: string;
  /** Coins: the adjustment (+/−) or the redemption's coins. */
  amount: number;
  adjustment_id: string | null;
  redemption_id: number | null;
  reason: string | null;
  proposed_by: string;
  proposed_at: Generated<Date>;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decision_reason: string | null;
  /** A role change's new role ('admin', 'editor' or 'user'); null for the other kinds. */
  role: "admin" | "user" | "editor" | null;
  /** The KYC submission a `kyc.approve` proposal approves; null for the other kinds. */
  kyc_submission_id: ColumnType<string | null, string | null | undefined, string | null>;
}
