import { z } from "zod";
import { kycDecisionSchema } from "~/core/kyc";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { createRouter } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { decideKyc } from "./kyc.service";
import { kycEncryptionKey } from "./kyc-key";
import { getKycSubmission, listKycSubmissions, readKycDocumentFile } from "./kyc-review.service";

const idParams = z.object({ id: z.uuid() });
const listQuery = z.object({ status: z.enum(["pending", "approved", "rejected"]).default("pending") });

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
export const createKycAdminRoutes = (deps: AppDeps) => {
  const key = () => kycEncryptionKey(deps.env, deps.logger);
  return createRouter()
    .get("/", query(listQuery), async (c) =>
      c.json({ items: await listKycSubmissions(deps.db, c.req.valid("query").status) }),
    )
    .get("/:id", params(idParams), async (c) =>
      c.json(await getKycSubmission(deps.db, key(), c.req.valid("param").id)),
    )
    .get("/:id/document", params(idParams), async (c) => {
      const { id } = c.req.valid("param");
      const file = await readKycDocumentFile(deps.db, key(), id);
      // Served as an untrusted file: its sniffed type only, never re-sniffed, sandboxed (no script, no
      // same-origin), never cached, shown inline under a name we choose.
      return c.body(new Uint8Array(file.bytes), 200, {
        "Content-Type": file.type,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "sandbox",
        "Cache-Control": "no-store",
        "Content-Disposition": `inline; filename="kyc-${id}.${EXTENSIONS[file.type] ?? "bin"}"`,
      });
    })
    .post("/:id/decision", params(idParams), jsonBody(kycDecisionSchema), async (c) => {
      const body = c.req.valid("json");
      const actor = c.var.user;
      if (!actor) throw new AppError("UNAUTHORIZED");
      const result = await decideKyc(deps, {
        submissionId: c.req.valid("param").id,
        actorId: actor.id,
        decision: body.decision,
        reason: body.reason ?? null,
        requestId: c.var.requestId,
      });
      return c.json(result);
    });
};
