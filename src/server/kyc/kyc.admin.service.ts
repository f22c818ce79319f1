import { sql } from "kysely";
import type { KycQueueItem, KycSubmissionDetail } from "~/core/api/kyc";
import { documentNumberKey } from "~/core/document-number";
import type { DualControl } from "~/core/dual-control";
import type { Database } from "../db/client";
import type { KycStatusValue } from "../db/schema";
import { fourEyesWhy } from "../dual-control/four-eyes";
import { AppError } from "../errors";
import { databaseDocumentStore, type KycDocumentStore } from "./document-store";
import { documentAad, documentIdAad } from "./kyc.service";
import { open } from "./kyc-crypto";
import { sameDocumentAs } from "./kyc-same-document";

/** The administrators' side of KYC: the review queue, one submission with its document id, the document. */

/** A page of a KYC list, unless the request asks fewer. */
export const KYC_PAGE = 200;

const listQuery = (db: Database) =>
  db
    .selectFrom("kyc_submissions as k")
    .innerJoin("user as u", "u.id", "k.user_id")
    .select([
      "k.id",
      "k.user_id",
      "u.email",
      "k.full_name",
      "k.status",
      "k.document_type",
      "k.document_size",
      "k.created_at",
    ]);

type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["executeTakeFirstOrThrow"]>>;

const toItem = (row: ListRow): KycQueueItem => ({
  id: row.id,
  userId: row.user_id,
  email: row.email,
  fullName: row.full_name,
  status: row.status,
  documentType: row.document_type,
  documentSize: row.document_size,
  submittedAt: new Date(row.created_at).toISOString(),
});

/** The submission's time at full precision (microseconds, UTC): with the id, a row's place in a list. */
const CREATED_KEY = sql<string>`to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A page of one status's submissions: pending oldest first (the queue), decided newest first, by (time, id),
 * `limit` after the cursor `after` (kycListCursor, validated at the edge); and the next page's cursor, or null.
 */
export async function kycSubmissionsPage(
  db: Database,
  options: { status: KycStatusValue; limit: number; after?: string | undefined },
): Promise<{ items: KycQueueItem[]; nextCursor: string | null }> {
  const oldestFirst = options.status === "pending";
  const direction = oldestFirst ? "asc" : "desc";
  let rows = listQuery(db)
    .select(CREATED_KEY.as("created_key"))
    .where("k.status", "=", options.status)
    .orderBy("k.created_at", direction)
    .orderBy("k.id", direction)
    .limit(options.limit + 1);
  if (options.after) {
    const at = options.after.slice(0, 27);
    const id = options.after.slice(28);
    const place = sql`(${at}::timestamptz, ${id}::uuid)`;
    rows = rows.where(
      oldestFirst
        ? sql<boolean>`(k.created_at, k.id) > ${place}`
        : sql<boolean>`(k.created_at, k.id) < ${place}`,
    );
  }
  const found = await rows.execute();
  const page = found.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: found.length > options.limit && last ? `${last.created_key}_${last.id}` : null,
  };
}

/** The first page of one status's submissions (kycSubmissionsPage). */
export async function listKycSubmissions(db: Database, status: KycStatusValue): Promise<KycQueueItem[]> {
  return (await kycSubmissionsPage(db, { status, limit: KYC_PAGE })).items;
}

export async function countPendingKyc(db: Database): Promise<number> {
  const row = await db
    .selectFrom("kyc_submissions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One submission for the administrator `adminId`, with the document id opened and whether their approval would be
 * a proposal, and why (dual control). 404 if there is none.
 */
export async function getKycSubmission(
  db: Database,
  key: Buffer,
  id: string,
  asking: { adminId: string; rule: DualControl },
): Promise<KycSubmissionDetail> {
  const row = await listQuery(db)
    .leftJoin("user as d", "d.id", "k.decided_by")
    .select([
      "k.document_id_sealed",
      "k.reason",
      "k.decided_at",
      "d.email as decided_by_email",
      "k.document_deleted_at",
    ])
    .where("k.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  const documentId = open(key, row.document_id_sealed, documentIdAad(row.id)).toString("utf8");
  const same = await sameDocumentAs(db, row.id);
  const why =
    row.status === "pending"
      ? await fourEyesWhy(db, asking.rule, asking.adminId, {
          kind: "kyc.approve",
          userId: row.user_id,
          submissionId: row.id,
          reusedDocument: same.some((o) => o.status === "approved"),
        })
      : [];
  return {
    ...toItem(row),
    documentId,
    documentIdNormalised: documentNumberKey(documentId),
    reason: row.reason,
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    decidedBy: row.decided_by_email,
    documentAvailable: row.document_deleted_at === null,
    sameDocumentAs: same,
    fourEyes: { needsSecondAdmin: why.length > 0, why },
  };
}

/** The uploaded document, opened, with its sniffed type. 404 unknown, 410 KYC_DOCUMENT_DELETED after retention. */
export async function readKycDocumentFile(
  db: Database,
  key: Buffer,
  id: string,
  store: KycDocumentStore = databaseDocumentStore,
): Promise<{ bytes: Buffer; type: string }> {
  const row = await db
    .selectFrom("kyc_submissions")
    .select(["document_type"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  const sealed = await store.get(db, id);
  if (!sealed) throw new AppError("KYC_DOCUMENT_DELETED");
  return { bytes: open(key, sealed, documentAad(id)), type: row.document_type };
}
