import { z } from "zod";
import { proposedSchema } from "~/core/api/dual-control";
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
import { requestKycApproval } from "./kyc-approval.service";
import { decideKyc } from "./kyc-decision.service";
import { kycEncryptionKey } from "./kyc-key";

const idParams = z.object({ id: z.uuid() });

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** The documentation of a decision: applied (200) or, an approval, proposed to a second administrator (202). */
const decisionDocs = () =>
  responds(
    { 200: kycDecisionResult, 202: proposedSchema },
    {
      summary: "Approve or reject a KYC submission",
      description:
        "A rejection needs a reason the user will read; so does approving a submission whose document number " +
        "another account submitted too (422 VALIDATION_FAILED otherwise). The decision is audited and mailed. " +
        "Never one's own submission (403 SELF_ACTION). An approval by the administrator who credited the " +
        "account within DUAL_CONTROL_CREDIT_WINDOW_DAYS, or of a document number approved on another account, " +
        "is a proposal (202, mailed to the other administrators) that a different administrator's approval " +
        "applies (200; 403 CREDITING_HAND for one who credited the account too).",
      errors: [
        "NOT_FOUND",
        "KYC_ALREADY_DECIDED",
        "SELF_ACTION",
        "INVISIBLE_TEXT",
        "APPROVER_TOO_NEW",
        "CREDITING_HAND",
      ],
    },
  );

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
          description:
            "`sameDocumentAs` lists the other accounts that submitted the same document number; `fourEyes` says " +
            "whether the asking administrator's approval would be a proposal, and why.",
          errors: ["NOT_FOUND"],
        },
      ),
      params(idParams),
      async (c) => {
        const asking = { adminId: actingAdmin(c.var).adminId, rule: deps.env.dualControl };
        return c.json(await getKycSubmission(deps.db, key(), c.req.valid("param").id, asking));
      },
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
      decisionDocs(),
      params(idParams),
      limited,
      jsonBody(kycDecisionSchema),
      async (c) => {
        const body = c.req.valid("json");
        const actor = actingAdmin(c.var);
        const submissionId = c.req.valid("param").id;
        const reason = body.reason ?? null;
        if (body.decision === "approve") {
          const outcome = await requestKycApproval(deps, actor, { submissionId, reason });
          return "proposal" in outcome ? c.json(outcome, 202) : c.json(outcome.kyc, 200);
        }
        const result = await decideKyc(deps, {
          submissionId,
          actorId: actor.adminId,
          decision: body.decision,
          reason,
          requestId: actor.requestId,
        });
        return c.json(result, 200);
      },
    );
};
