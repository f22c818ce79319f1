/**
 * The one catalogue of API error codes. The server throws `AppError(code)`;
 * `app.onError` turns it into `{ error: { code, message } }` with the status below;
 * the web maps a code to the notice title of SPEC §8 where one exists.
 */
export const errorCatalog = {
  BAD_REQUEST: { status: 400, message: "The request could not be understood." },
  INVALID_JSON: { status: 400, message: "The request body is not valid JSON." },
  /** Text PostgreSQL cannot store (a NUL byte): found by the API fuzzer (tests/db/fuzz.test.ts). */
  INVALID_TEXT: {
    status: 400,
    message: "The request contains characters that are not allowed (such as a NUL byte).",
  },
  /** SPEC §5: the backend's message when an auth request lacks an email or a password. */
  MISSING_CREDENTIALS: {
    status: 400,
    message: "You must provide either an email or phone number and a password",
  },
  VALIDATION_FAILED: { status: 422, message: "Some fields are missing or invalid." },
  UNAUTHORIZED: { status: 401, message: "You need to be logged in." },
  LOGIN_REQUIRED: { status: 401, message: "You need to be logged in to earn coins." },
  EMAIL_NOT_VERIFIED: { status: 403, message: "Please verify your email address first." },
  FORBIDDEN: { status: 403, message: "You are not allowed to do that." },
  ADMIN_ONLY: { status: 403, message: "Administrators only." },
  /** Sensitive admin changes need a session signed in within the last 15 minutes. */
  REAUTH_REQUIRED: {
    status: 403,
    message: "Please enter your password again to confirm this change.",
  },
  ACCOUNT_BANNED: { status: 403, message: "Your account has been suspended." },
  /** A coin adjustment that would take a balance below 0: nothing is written. */
  ADJUSTMENT_BELOW_ZERO: {
    status: 409,
    message: "This adjustment would take the balance below 0 coins; nothing was changed.",
  },
  /** KYC: one submission is reviewed at a time; after a rejection the user may submit again. */
  KYC_PENDING: { status: 409, message: "Your documents are already waiting for review." },
  KYC_ALREADY_APPROVED: { status: 409, message: "Your identity is already verified." },
  KYC_ALREADY_DECIDED: { status: 409, message: "This submission has already been decided." },
  KYC_FILE_EMPTY: { status: 422, message: "The chosen file is empty." },
  KYC_FILE_TYPE: {
    status: 415,
    message: "Upload a JPEG, PNG or WebP image or a PDF (the file's content decides, not its name).",
  },
  KYC_FILE_TOO_LARGE: { status: 413, message: "The document is too large." },
  /** The document's bytes were deleted after the retention period; the decision record stays. */
  KYC_DOCUMENT_DELETED: { status: 410, message: "This document was deleted after the retention period." },
  CROSS_ORIGIN: { status: 403, message: "Cross-origin requests are not allowed." },
  NOT_FOUND: { status: 404, message: "Not found." },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed." },
  CONFLICT: { status: 409, message: "That conflicts with the current state." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is too large." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Send the request body as application/json." },
  RATE_LIMITED: { status: 429, message: "Too many requests. Please wait a moment and try again." },
  INTERNAL: { status: 500, message: "Something went wrong on our side. Please try again." },
  UNAVAILABLE: { status: 503, message: "The service is temporarily unavailable." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; issues?: { path: string; message: string }[] };
}
