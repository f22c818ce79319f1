import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, errorCatalog } from "~/core/error-codes";

/** The one way the server reports an expected failure. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly issues: { path: string; message: string }[] | undefined;

  constructor(code: ErrorCode, message?: string, issues?: { path: string; message: string }[]) {
    super(message ?? errorCatalog[code].message);
    this.code = code;
    this.status = errorCatalog[code].status;
    this.issues = issues;
  }
}
