/**
 * The length rules of a new password (sign-up, reset, change; docs/product.md, "Accounts") and the texts the forms
 * show for them. Free of zod and of the common-password list, so the browser's forms import it at once; the schema
 * is password-schema.ts and the common-password rule password-policy.ts, which the browser loads on submit.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** The hint shown under a new-password field (docs/product.md). */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password`;
/** better-auth's answer for a password under the minimum; the form says the same. */
export const PASSWORD_TOO_SHORT_MESSAGE = "Password too short";
export const PASSWORD_TOO_LONG_MESSAGE = "Password too long";
/** A confirmation that differs from the new password. */
export const PASSWORD_MISMATCH_MESSAGE = "Passwords do not match.";
