import { z } from "zod";

/**
 * The account page (/account; docs/product.md "Your account"): what a user may do with their own account —
 * sessions, the data download, deletion. Request shapes shared by the server and the browser.
 */

/** What the deletion form asks the user to type, exactly. */
export const DELETE_CONFIRMATION = "DELETE";

/** The password of a fresh password check (deletion, the KYC document download). */
const password = z.string().min(1, "Enter your password.").max(128);

/** POST /api/account/delete. */
export const deleteAccountSchema = z.object({
  password,
  confirmation: z.literal(DELETE_CONFIRMATION, { error: `Type ${DELETE_CONFIRMATION} to confirm.` }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** POST /api/account/export/kyc-documents/:id. */
export const passwordCheckSchema = z.object({ password });

/** A session id as better-auth makes them (32 URL-safe characters); anything else names nothing. */
export const sessionIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** A KYC submission id (uuid). */
export const kycSubmissionParams = z.object({ id: z.uuid() });

/** The names of the data download's files. */
export const exportFileNames = {
  json: "play-learn-earn-data.json",
  ledgerCsv: "play-learn-earn-ledger.csv",
} as const;

/** The data download's ledger CSV columns, in order. */
export const LEDGER_CSV_COLUMNS = ["id", "created_at", "kind", "reason", "amount", "balance_after"] as const;
