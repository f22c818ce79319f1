import { z } from "zod";
import {
  type KycQueueResponse,
  kycDecisionResult,
  kycDecisionSchema,
  kycListQuery,
  kycQueueResponse,
  kycSubmissionDetail,
} from "~/core/api/kyc";
import { kycDocumentTypes } from "~/core/kyc";
import type { AppDeps } from "../app-deps";
import { actingAdmin } from "../auth/require-admin";
import type { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { getKycSubmission, KYC_PAGE, kycSubmissionsPage, readKycDocumentFile } from "./kyc.admin.service";
import { decideKyc } from "./kyc.service";
import { kycEncryptionKey } from "./kyc-key";

const idParams = z.object({ id: z.uuid() });

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/**
 * /api/admin/kyc: the review queue. Mounted inside the admin router, so every route is behind requireAdmin
 * (401 guests, 403 everyone else). Documents and document ids are readable here and nowhere else.
 */
export const createKycAdminRoutes = (deps: AppDeps, limited: ReturnType<typeof rateLimit>) => {
  const key = () => kycEncryptionKey(deps.env, deps.logger);
  return createRouter()
    .get(
      "/",
      responds(
        { 200: kycQueueResponse },
        {
          summary: "KYC submissions by status, pending first",
          description:
            "Pending oldest first, decided newest first, a page at a time by key: `after` the previous page's `nextCursor` (null on the last page).",
        },
      ),
      query(kycListQuery),
      async (c) => {
        const { status, limit, after } = c.req.valid("query");
        const page = await kycSubmissionsPage(deps.db, { status, limit: limit ?? KYC_PAGE, after });
        return c.json(page satisfies KycQueueResponse);
      },
    )
    .get(
      "/:id",
      responds(
        { 200: kycSubmissionDetail },
        {
          summary: "One KYC submission, with its document id in full",
          description: "`sameDocumentAs` lists the other accounts that submitted the same document number.",
          errors: ["NOT_FOUND"],
        },
      ),
      params(idParams),
      async (c) => c.json(await getKycSubmission(deps.db, key(), c.req.valid("param").id)),
    )
    .get(
      "/:id/document",
      responds(
        {
          200: {
            description: "The uploaded document, as the type its content was recognised as, sandboxed",
            mediaType: kycDocumentTypes,
          },
        },
        { summary: "A KYC submission's document", errors: ["NOT_FOUND", "KYC_DOCUMENT_DELETED"] },
      ),
      params(idParams),
      async (c) => {
        const { id } = c.req.valid("param");
        const file = await readKycDocumentFile(deps.db, key(), id);
        // Served as an untrusted file: its sniffed type only, never re-sniffed, sandboxed (no script, no
        // same-origin), never cached, under a name we choose. An image is shown inline (the review shows it next
        // to the name on file); a PDF is an attachment, so a browser's PDF viewer never runs it in the console.
        const disposition = file.type === "application/pdf" ? "attachment" : "inline";
        return c.body(new Uint8Array(file.bytes), 200, {
          "Content-Type": file.type,
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "sandbox",
          "Cache-Control": "no-store",
          "Content-Disposition": `${disposition}; filename="kyc-${id}.${EXTENSIONS[file.type] ?? "bin"}"`,
        });
      },
    )
    .post(
      "/:id/decision",
      responds(
        { 200: kycDecisionResult },
        {
          summary: "Approve or reject a KYC submission",
          description:
            "A rejection needs a reason the user will read; so does approving a submission whose document number " +
            "another account submitted too (422 VALIDATION_FAILED otherwise). The decision is audited and mailed. " +
            "Never one's own submission (403 SELF_ACTION).",
          errors: ["NOT_FOUND", "KYC_ALREADY_DECIDED", "SELF_ACTION", "INVISIBLE_TEXT"],
        },
      ),
      params(idParams),
      limited,
      jsonBody(kycDecisionSchema),
      async (c) => {
        const body = c.req.valid("json");
        const { adminId } = actingAdmin(c.var);
        const result = await decideKyc(deps, {
          submissionId: c.req.valid("param").id,
          actorId: adminId,
          decision: body.decision,
          reason: body.reason ?? null,
          requestId: c.var.requestId,
        });
        return c.json(result);
      },
    );
};
