import { randomBytes } from "node:crypto";
import type { AppDeps } from "~/server/app-deps";
import { submitKyc } from "~/server/kyc/kyc.service";
import { decideKyc } from "~/server/kyc/kyc-decision.service";
import { kycEncryptionKey } from "~/server/kyc/kyc-key";
import type { TestUser } from "./factories";
import { pngFile } from "./kyc-files";
import type { TestContext } from "./test-app";

/** The fields of the KYC form as a person fills them in. */
export const KYC_FIELDS = { fullName: "Ada Lovelace", documentId: "P-1234-5678" };

/**
 * A document number no other test person has: two accounts with one number are held for a reasoned approval
 * (docs/product.md, "KYC"), so fixtures give each person their own.
 */
export const uniqueDocumentId = (prefix = "P") => `${prefix}-${randomBytes(4).toString("hex").toUpperCase()}`;

/**
 * Submits the KYC form as the page does (multipart, through the typed client): `file` under `name` (a small
 * PNG by default), with KYC_FIELDS' name and a document number of this person's own unless `fields` are given.
 * Answers 201 with the new status, or the refusal.
 */
export function submitKycForm(
  ctx: TestContext,
  user: TestUser,
  file: Blob = new Blob([pngFile()]),
  name = "document.png",
  fields: { fullName: string; documentId: string } = { ...KYC_FIELDS, documentId: uniqueDocumentId() },
) {
  const documentUpload = new File([file], name, { type: file.type });
  return ctx.api(user).kyc.$post({ form: { ...fields, documentUpload } });
}

/**
 * Gives `userId` an approved KYC through the code the app uses: a submission with a small PNG (submitKyc),
 * then an approval (decideKyc, which audits it and queues the e-mail). Returns the submission id.
 */
export async function giveApprovedKyc(
  deps: Pick<AppDeps, "db" | "env" | "logger" | "mailOutbox">,
  userId: string,
  options: { actorId?: string | null } = {},
): Promise<string> {
  return (await decidedKyc(deps, userId, { decision: "approve", actorId: options.actorId ?? null }))
    .submissionId;
}

/** A pending KYC submission for `userId` (a small PNG), made through submitKyc. Returns its id. */
export async function givePendingKyc(
  deps: Pick<AppDeps, "db" | "env" | "logger">,
  userId: string,
  fields: { fullName?: string; documentId?: string } = {},
): Promise<string> {
  await submitKyc(
    { db: deps.db, key: kycEncryptionKey(deps.env, deps.logger) },
    {
      userId,
      fullName: fields.fullName ?? "Test Person",
      documentId: fields.documentId ?? uniqueDocumentId("ID"),
      document: { bytes: pngFile(), type: "image/png" },
    },
  );
  const row = await deps.db
    .selectFrom("kyc_submissions")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A submitted and then decided KYC (approved, or rejected with `reason`). */
export async function decidedKyc(
  deps: Pick<AppDeps, "db" | "env" | "logger" | "mailOutbox">,
  userId: string,
  decision: { decision: "approve" | "reject"; reason?: string; actorId?: string | null },
) {
  const submissionId = await givePendingKyc(deps, userId);
  return decideKyc(deps, {
    submissionId,
    actorId: decision.actorId ?? null,
    decision: decision.decision,
    reason: decision.reason ?? null,
  });
}
