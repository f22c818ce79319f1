import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Identity verification (KYC). `kyc_submissions` is the decision record: who asked, when, the outcome, the
 * reason and who decided; it stays for good. The document id is kept sealed (AES-256-GCM, src/server/kyc) next
 * to a short masked hint. The uploaded document's sealed bytes live apart in `kyc_documents`, so the retention
 * job can delete them while the decision record stays. A partial unique index allows at most one pending
 * submission per user, whatever the application does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table kyc_submissions (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references "user" ("id") on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
      full_name text not null check (length(full_name) between 1 and 200),
      document_id_sealed bytea not null,
      document_id_hint text not null check (length(document_id_hint) <= 40),
      document_type text not null
        check (document_type in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
      document_size integer not null check (document_size > 0),
      reason text check (length(reason) between 1 and 500),
      decided_by text references "user" ("id") on delete set null,
      decided_at timestamptz,
      document_deleted_at timestamptz,
      created_at timestamptz not null default now(),
      check ((status = 'pending') = (decided_at is null)),
      check (status <> 'rejected' or reason is not null),
      check (document_deleted_at is null or status <> 'pending')
    )`,
    "create unique index kyc_submissions_one_pending_per_user on kyc_submissions (user_id) where status = 'pending'",
    "create index kyc_submissions_user_idx on kyc_submissions (user_id, created_at desc)",
    "create index kyc_submissions_queue_idx on kyc_submissions (created_at) where status = 'pending'",
    `create index kyc_submissions_retention_idx on kyc_submissions (decided_at)
      where status <> 'pending' and document_deleted_at is null`,
    `create table kyc_documents (
      submission_id uuid primary key references kyc_submissions ("id") on delete cascade,
      content bytea not null,
      created_at timestamptz not null default now()
    )`,
  ]);
}
