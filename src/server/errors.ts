import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, errorCatalog } from "~/core/error-codes";

/** The one way the server reports an expected failure. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly issues: { path: string; message: string }[] | undefined;
  /** The refused rows of an imported file (INVALID_IMPORT), each with its number and reason. */
  readonly rows: { row: number; reason: string }[] | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    issues?: { path: string; message: string }[],
    rows?: { row: number; reason: string }[],
  ) {
    super(message ?? errorCatalog[code].message);
    this.code = code;
    this.status = errorCatalog[code].status;
    this.issues = issues;
    this.rows = rows;
  }
}
