import type { KycSameDocumentAccount } from "~/core/api/kyc";
import type { Database } from "../db/client";

/**
 * One identity, one account (docs/product.md, "KYC"): the other accounts whose submissions carry the same document
 * number as submission `submissionId`, compared by keyed hash (kyc-crypto.ts `documentNumberHash`), each with the
 * status of its latest such submission, oldest account first. Submissions made before the hash existed have none
 * and match nothing.
 */
export async function sameDocumentAs(db: Database, submissionId: string): Promise<KycSameDocumentAccount[]> {
  const rows = await db
    .selectFrom("kyc_submissions as k")
    .innerJoin("kyc_submissions as o", (join) =>
      join
        .onRef("o.document_number_hash", "=", "k.document_number_hash")
        .onRef("o.user_id", "<>", "k.user_id"),
    )
    .innerJoin("user as u", "u.id", "o.user_id")
    .select(["o.user_id", "u.email", "o.status", "o.created_at"])
    .where("k.id", "=", submissionId)
    .orderBy("o.created_at", "desc")
    .limit(100)
    .execute();
  const latest = new Map<string, KycSameDocumentAccount>();
  for (const r of rows)
    if (!latest.has(r.user_id))
      latest.set(r.user_id, { userId: r.user_id, email: r.email, status: r.status });
  return [...latest.values()].reverse();
}
