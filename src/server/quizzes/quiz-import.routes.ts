import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  QUIZ_IMPORT_MAX_BYTES,
  quizExportParam,
  quizExportQuery,
  quizImportForm,
  quizImportResponse,
} from "~/core/api/quiz-import";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireContentEditor } from "../auth/require-admin";
import { AppError } from "../errors";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { formBody, params, query } from "../http/validate";
import { isMultipart } from "../kyc/kyc-upload";
import { exportQuiz, importQuiz } from "./quiz-import.service";

/** The import route, exempt from the API's 64 KB body limit: it has its own (the file's 2 MB and the form). */
export const QUIZ_IMPORT = { method: "POST", path: "/api/admin/quizzes/import" } as const;

/** The import's body limit: a larger body is never read (413 QUIZ_FILE_TOO_LARGE). */
const importLimit = (): MiddlewareHandler => {
  const limit = bodyLimit({
    maxSize: QUIZ_IMPORT_MAX_BYTES + 64 * 1024,
    onError: () => {
      throw new AppError("QUIZ_FILE_TOO_LARGE");
    },
  });
  return (c, next) => (isMultipart(c.req.header("content-type")) ? limit(c, next) : next());
};

const exportTypes = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" } as const;

/**
 * POST /api/admin/quizzes/import and GET /api/admin/quizzes/:quizId/export (docs/product.md, "Content
 * operations"; ADR 114). Content editors and administrators only, as every /api/admin/quizzes route; an import is
 * rate-limited per person and audited in its own transaction.
 */
export const createQuizImportRoutes = (deps: AppDeps) => {
  const editor = requireContentEditor(deps);
  const limited = rateLimit(deps.rateLimitStore, (c) => [
    { key: `content:${c.var.user?.id}`, limit: deps.env.adminRateLimit },
  ]);
  return createRouter()
    .post(
      "/quizzes/import",
      responds(
        { 201: quizImportResponse },
        {
          summary: "Create a quiz from a CSV or JSON file of questions",
          description:
            "multipart/form-data: name (the new quiz's), file (CSV with the header question,option_1,…,option_6,answer,explanation, or JSON: an array of { question, options, answer, explanation? }; at most 2 MB; at least 10 questions). The whole file is checked first: any bad row refuses it (422 INVALID_IMPORT, each bad row's number and reason in `error.rows`) and nothing is written. The new quiz is a draft until it is published (POST /api/admin/quizzes/{quizId}/publish). Audited.",
          errors: ["INVALID_IMPORT", "QUIZ_NAME_TAKEN", "QUIZ_FILE_TOO_LARGE", "VALIDATION_FAILED"],
        },
      ),
      editor,
      limited,
      importLimit(),
      formBody(quizImportForm),
      async (c) => c.json({ quiz: await importQuiz(deps.db, actingAdmin(c.var), c.req.valid("form")) }, 201),
    )
    .get(
      "/quizzes/:quizId/export",
      responds(
        {
          200: {
            description:
              "The quiz's current questions: CSV (the import's header) or JSON, as a download an import reads back to the same questions.",
            mediaType: [exportTypes.csv, exportTypes.json],
          },
        },
        { summary: "Export a quiz's questions as CSV or JSON (format=csv|json)" },
      ),
      params(quizExportParam),
      editor,
      query(quizExportQuery),
      async (c) => {
        const { format } = c.req.valid("query");
        const file = await exportQuiz(deps.db, c.req.valid("param").quizId, format);
        return c.body(file.body, 200, {
          "Content-Type": exportTypes[format],
          "Content-Disposition": `attachment; filename="${file.name}.${format}"`,
        });
      },
    );
};
