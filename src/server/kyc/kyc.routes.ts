import { type KycPageResponse, type KycStatusResponse, kycPageResponse, kycSubmitForm } from "~/core/api/kyc";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { formBody } from "../http/validate";
import { getKycStatus, submitKyc } from "./kyc.service";
import { kycEncryptionKey } from "./kyc-key";
import { kycUploadLimit, readKycDocument } from "./kyc-upload";

/** The upload route, exempt from the API's 64 KB body limit: it has its own (KYC_MAX_UPLOAD_BYTES + framing). */
export const KYC_UPLOAD = { method: "POST", path: "/api/kyc" } as const;

/**
 * /api/kyc: the signed-in user's own verification. GET: the status (the document id masked, never the
 * document). POST: a multipart submission (fullName, documentId, documentUpload) → 201 with the new status.
 */
export const createKycRoutes = (deps: AppDeps) => {
  const page = (status: KycStatusResponse): KycPageResponse => ({
    ...status,
    maxUploadBytes: deps.env.kycMaxUploadBytes,
  });
  return createRouter()
    .get(
      "/",
      responds(
        { 200: kycPageResponse },
        { summary: "The user's identity verification status (the document id masked) and the upload limit" },
      ),
      requireUser(deps),
      async (c) => c.json(page(await getKycStatus(deps.db, c.var.user.id))),
    )
    .post(
      "/",
      responds(
        { 201: kycPageResponse },
        {
          summary: "Submit identity documents for review",
          description:
            "multipart/form-data: fullName, documentId and documentUpload (JPEG, PNG, WebP or PDF, recognised by its content).",
          errors: [
            "KYC_FILE_EMPTY",
            "KYC_FILE_TYPE",
            "KYC_FILE_TOO_LARGE",
            "KYC_PENDING",
            "KYC_ALREADY_APPROVED",
            "VALIDATION_FAILED",
          ],
        },
      ),
      requireUser(deps),
      kycUploadLimit(deps.env.kycMaxUploadBytes),
      formBody(kycSubmitForm),
      async (c) => {
        const { fullName, documentId, documentUpload } = c.req.valid("form");
        const document = await readKycDocument(documentUpload, deps.env.kycMaxUploadBytes);
        const status = await submitKyc(
          { db: deps.db, key: kycEncryptionKey(deps.env, deps.logger) },
          { userId: c.var.user.id, fullName, documentId, document },
        );
        return c.json(page(status), 201);
      },
    );
};
