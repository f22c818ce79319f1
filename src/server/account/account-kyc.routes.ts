import { accountKycDocumentsSchema, kycSubmissionParams, passwordCheckSchema } from "~/core/api/account";
import { kycDocumentTypes } from "~/core/kyc";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import { readKycDocumentFile } from "../kyc/kyc.admin.service";
import { kycEncryptionKey } from "../kyc/kyc-key";
import { type AccountRouteKit, download } from "./account-route-kit";
import { checkPassword } from "./password-check";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** The user's KYC submissions, newest first, and whether each one's document can still be downloaded. */
async function kycDocumentsOf(db: AppDeps["db"], userId: string) {
  const rows = await db
    .selectFrom("kyc_submissions")
    .select(["id", "status", "document_type", "created_at", "document_deleted_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  return {
    documents: rows.map((r) => ({
      id: r.id,
      status: r.status,
      documentType: r.document_type,
      submittedAt: new Date(r.created_at).toISOString(),
      available: r.document_deleted_at === null,
    })),
  };
}

/** /api/account/export/kyc-documents*, mounted by account.routes.ts behind requireUser: my KYC documents. */
export const createAccountKycRoutes = (deps: AppDeps, kit: AccountRouteKit) =>
  createRouter()
    .get(
      "/export/kyc-documents",
      responds(
        { 200: accountKycDocumentsSchema },
        { summary: "My KYC submissions whose document can be downloaded", tag: "Account" },
      ),
      async (c) => c.json(await kycDocumentsOf(deps.db, c.var.user!.id)),
    )
    .post(
      "/export/kyc-documents/:id",
      responds(
        {
          200: {
            description: "The user's own KYC document, as the type its content was recognised as",
            mediaType: kycDocumentTypes,
          },
        },
        {
          summary: "Download my KYC document (asks for the password)",
          description: "Another user's submission → 404; a document deleted after retention → 410.",
          errors: ["NOT_FOUND", "INVALID_PASSWORD", "KYC_DOCUMENT_DELETED"],
          tag: "Account",
        },
      ),
      params(kycSubmissionParams),
      kit.limitPasswordCheck,
      jsonBody(passwordCheckSchema),
      async (c) => {
        const user = c.var.user!;
        const { id } = c.req.valid("param");
        const own = await deps.db
          .selectFrom("kyc_submissions")
          .select("id")
          .where("id", "=", id)
          .where("user_id", "=", user.id)
          .executeTakeFirst();
        if (!own) throw new AppError("NOT_FOUND");
        await checkPassword(deps, deps.db, user.id, c.req.valid("json").password);
        const file = await readKycDocumentFile(deps.db, kycEncryptionKey(deps.env, deps.logger), id);
        return c.body(new Uint8Array(file.bytes), 200, {
          ...download(file.type, `kyc-${id}.${EXTENSIONS[file.type] ?? "bin"}`),
          "Content-Security-Policy": "sandbox",
        });
      },
    );
