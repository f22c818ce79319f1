import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { errorCatalog } from "./error-codes";

/**
 * New passwords (sign-up, reset, change) must not be among the most common ones: the accounts hold money.
 * zxcvbn-ts with its maintained list of common passwords (and keyboard patterns, repeats, sequences) estimates
 * how many guesses a password takes; score 0 — fewer than 10^3 guesses, e.g. `123456`, `password`, `qwerty`,
 * `aaaaaa` or six spaces — is refused. The length rules (6 to 128 characters) stay separate, earlier ones: password-rules.ts.
 * Server and browser run the same check; the browser loads this module only when a form is submitted.
 */
export const COMMON_PASSWORD_MESSAGE = errorCatalog.PASSWORD_TOO_COMMON.message;

let factory: ZxcvbnFactory | undefined;

export function isCommonPassword(password: string): boolean {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  // The estimate only needs the start of a long password; this caps the matcher's work.
  return factory.check(password.slice(0, 128)).score === 0;
}
