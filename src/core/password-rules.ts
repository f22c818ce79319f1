import { z } from "zod";

/**
 * The length rules of a new password (sign-up, reset, change; docs/product.md, "Accounts") and the texts the forms
 * show for them. Small and free of the common-password list, so the browser's forms import it at once; the
 * common-password rule itself is in password-policy.ts, which the browser loads only on submit.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** The hint (placeholder) of a new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters`;
/** better-auth's answer for a password under the minimum; the form says the same. */
export const PASSWORD_TOO_SHORT_MESSAGE = "Password too short";
export const PASSWORD_TOO_LONG_MESSAGE = "Password too long";
/** A confirmation that differs from the new password. */
export const PASSWORD_MISMATCH_MESSAGE = "Passwords do not match.";

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);
