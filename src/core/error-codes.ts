/**
 * The one catalogue of API error codes. The server throws `AppError(code)`;
 * `app.onError` turns it into `{ error: { code, message } }` with the status below;
 * the web maps a code to the notice title of docs/product.md where one exists.
 */
export const errorCatalog = {
  BAD_REQUEST: { status: 400, message: "The request could not be understood." },
  INVALID_JSON: { status: 400, message: "The request body is not valid JSON." },
  JSON_TOO_DEEP: {
    status: 400,
    message: "The request body is nested too deeply (at most 64 levels of objects and arrays).",
  },
  /** A new password that is among the most common ones (src/core/password-policy.ts). */
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: "This password is too common. Please choose one that is harder to guess.",
  },
  /**
   * A reason or name made of invisible characters (zero-width spaces, bidi overrides, control characters): after
   * they are removed too little is left (src/core/words.ts).
   */
  INVISIBLE_TEXT: {
    status: 400,
    message:
      "The text is made of invisible characters (zero-width spaces, direction marks or control characters); write it in visible words.",
  },
  /**
   * Free text in the books (a reason, a payout reference, a name, a document id) no one can read: a character no
   * font draws (private-use, unassigned or noncharacter code points, a lone surrogate), U+FFFD, more than two
   * accents on one character, a letter of a script the console cannot draw, or no letter or digit at all
   * (src/core/words.ts).
   */
  UNREADABLE_TEXT: {
    status: 400,
    message:
      "The text cannot be read as written: it needs a letter or digit, and no characters that cannot be shown (private-use, unassigned or replacement characters, letters of scripts the console cannot draw) or more than two accents on one letter; write it in ordinary letters.",
  },
  /** Text PostgreSQL cannot store (a NUL byte): found by the API fuzzer (tests/db/fuzz.test.ts). */
  INVALID_TEXT: {
    status: 400,
    message: "The request contains characters that are not allowed (such as a NUL byte).",
  },
  /** docs/product.md: the backend's message when an auth request lacks an email or a password. */
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
  EDITORS_ONLY: { status: 403, message: "Content editors and administrators only." },
  /** Sensitive admin changes need a session signed in within the last 15 minutes. */
  REAUTH_REQUIRED: {
    status: 403,
    message: "Please enter your password again to confirm this change.",
  },
  /**
   * No self-service in the console: an administrator may not adjust their own coins, decide their own KYC
   * submission, redemption or referral bonus, ban or unban themself, or change their own role.
   */
  SELF_ACTION: {
    status: 403,
    message: "You cannot do that to your own account: another administrator must do it.",
  },
  /** ADMIN_EMAILS accounts are the operator's configuration: not demoted or banned through the API. */
  LISTED_ADMIN: {
    status: 403,
    message:
      "This administrator is listed in ADMIN_EMAILS (the operator's configuration): remove the address there and from the role with `npm run admin -- revoke`, not through the console.",
  },
  /** Dual control: the administrator who proposed a large movement cannot also approve it. */
  SECOND_ADMIN_REQUIRED: {
    status: 403,
    message: "You proposed this change: a different administrator must approve it.",
  },
  /**
   * Dual control: an effect that moves coins, money or power past the rule, called without a proposal that a
   * different administrator approved (docs/product.md, "Dual control").
   */
  FOUR_EYES_REQUIRED: {
    status: 403,
    message:
      "This change needs a second administrator: propose it and let a different administrator approve it.",
  },
  /** Dual control: an administrator approves only proposals made after they became an administrator. */
  APPROVER_TOO_NEW: {
    status: 403,
    message:
      "This proposal was made before you became an administrator: an administrator who was one then must approve it.",
  },
  /**
   * Dual control: the administrator who credited an account, or approved its KYC, within
   * DUAL_CONTROL_CREDIT_WINDOW_DAYS is not the second administrator of its payout or KYC (docs/product.md).
   */
  CREDITING_HAND: {
    status: 403,
    message:
      "You credited this account or approved its KYC recently: a different administrator must approve its payout or KYC.",
  },
  /** A dual-control proposal that is no longer waiting (approved or withdrawn already). */
  PROPOSAL_STATE: { status: 409, message: "This proposal is no longer waiting for approval." },
  /** A coin adjustment that would take a balance below 0: nothing is written. */
  ADJUSTMENT_BELOW_ZERO: {
    status: 409,
    message: "This adjustment would take the balance below 0 coins; nothing was changed.",
  },
  /** Redemptions (docs/product.md, "Redemptions"). */
  INSUFFICIENT_BALANCE: { status: 409, message: "You don't have enough coins to redeem this amount." },
  REDEEM_BELOW_MINIMUM: { status: 422, message: "This is below the minimum redemption." },
  KYC_REQUIRED: {
    status: 403,
    message: "Please verify your identity (KYC) before your first redemption.",
  },
  REDEEM_PENDING_LIMIT: {
    status: 409,
    message: "You already have a pending redemption. Wait for it to be reviewed or cancel it first.",
  },
  REDEEM_DAILY_CAP: { status: 409, message: "This would go over the daily redemption limit." },
  REDEEM_NOT_ALLOWED: { status: 403, message: "Your account cannot redeem coins at the moment." },
  /** A fresh password check (deleting the account, downloading a KYC document) with the wrong password. */
  INVALID_PASSWORD: { status: 400, message: "Invalid password" },
  /** docs/product.md "Deleting the account": refused while an approved payout is being sent. */
  PAYOUT_IN_FLIGHT: {
    status: 409,
    message: "A payout to you is being sent. You can delete your account once it has been paid or rejected.",
  },
  REDEMPTION_STATE: { status: 409, message: "This redemption can no longer be changed that way." },
  /** KYC: one submission is reviewed at a time; after a rejection the user may submit again. */
  UNSUBSCRIBE_LINK_INVALID: {
    status: 400,
    message: "This unsubscribe link is not valid. Change which mails you get on your account page.",
  },
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
  /** The console's video upload (docs/product.md, "Content operations"): every refusal stores nothing. */
  VIDEO_FILE_TYPE: {
    status: 422,
    message: "Upload an MP4 or WebM video (the file's content decides, not its name).",
  },
  VIDEO_FILE_DAMAGED: {
    status: 422,
    message: "The video file is damaged or incomplete: its duration cannot be read from it.",
  },
  VIDEO_FILE_TOO_LARGE: { status: 422, message: "The video file is too large." },
  VIDEO_POSTER_TYPE: { status: 422, message: "The poster must be a JPEG, PNG or WebP image." },
  VIDEO_CAPTIONS_TYPE: { status: 422, message: "Captions must be a WebVTT file (its first line is WEBVTT)." },
  KYC_DOCUMENT_DELETED: { status: 410, message: "This document was deleted after the retention period." },
  CROSS_ORIGIN: { status: 403, message: "Cross-origin requests are not allowed." },
  NOT_FOUND: { status: 404, message: "Not found." },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed." },
  CONFLICT: { status: 409, message: "That conflicts with the current state." },
  /** A quiz file with bad rows (each in the answer's `rows`), or not a CSV or JSON file of questions (ADR 114). */
  INVALID_IMPORT: { status: 422, message: "The file cannot be imported; nothing was written." },
  /** An imported quiz's name is another quiz's (names are compared ignoring case). */
  QUIZ_NAME_TAKEN: { status: 409, message: "A quiz of that name exists: choose another name." },
  /** A quiz file over the import's limit (QUIZ_IMPORT_MAX_BYTES, src/core/api/quiz-import.ts). */
  QUIZ_FILE_TOO_LARGE: { status: 413, message: "The file is too large: at most 2 MB." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is too large." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Send the request body as application/json." },
  /** A Tic Tac Toe move sooner after the bot's reply than the bot's 700 ms reply delay. */
  MOVE_TOO_SOON: {
    status: 429,
    message: "Not so fast: wait for the bot's move before you play your next one.",
  },
  RATE_LIMITED: { status: 429, message: "Too many requests. Please wait a moment and try again." },
  /** Too many sign-in attempts for one account from new browsers (docs/product.md, "Accounts and devices"). */
  SIGN_IN_LOCKED: {
    status: 429,
    message:
      "Too many sign-in attempts for this account. If it is yours, we have e-mailed you a link that lets you sign in now; otherwise try again later.",
  },
  /**
   * Earning partners' postbacks (docs/product.md, "Earning partners"): an unknown or disabled partner, a bad
   * signature or a source outside the partner's allowed addresses — nothing is recorded.
   */
  POSTBACK_REFUSED: { status: 403, message: "This postback is not accepted: nothing was recorded." },
  /** A postback whose parameters are missing or not what its scheme sends. */
  POSTBACK_MALFORMED: { status: 400, message: "The postback's parameters are missing or malformed." },
  /** A postback naming a player id no player has. */
  POSTBACK_UNKNOWN_PLAYER: { status: 400, message: "No player has this partner id." },
  /** A transaction id recorded before with another player or amount: refused and flagged for the console. */
  POSTBACK_CONFLICT: {
    status: 409,
    message: "This transaction was recorded before with another player or amount: refused and flagged.",
  },
  /** A partner change (enabling, a new secret) with nothing waiting for approval. */
  PARTNER_NOTHING_PROPOSED: { status: 409, message: "Nothing about this partner waits for approval." },
  INTERNAL: { status: 500, message: "Something went wrong on our side. Please try again." },
  /** The database or Redis is unreachable; sent with Retry-After. The web shows it with a retry. */
  UNAVAILABLE: { status: 503, message: "Service temporarily unavailable, try again in a moment." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export interface ApiErrorBody {
  error: {
    code: ErrorCode | string;
    message: string;
    issues?: { path: string; message: string }[];
    /** 422 INVALID_IMPORT: each refused row of the file, its number and why. */
    rows?: { row: number; reason: string }[];
    /** The request's id (its X-Request-Id), as in the server's log lines of it. */
    requestId?: string;
  };
}
