/**
 * The account page (/account; docs/product.md "Your account"): what a user may do with their own account —
 * sessions, the data download, deletion. The constants shared by the server and the browser; the requests and
 * answers of /api/account are in ./api/account.ts.
 */

/** What the deletion form asks the user to type, exactly. */
export const DELETE_CONFIRMATION = "DELETE";

/** The names of the data download's files. */
export const exportFileNames = {
  json: "play-learn-earn-data.json",
  ledgerCsv: "play-learn-earn-ledger.csv",
} as const;

/** The data download's ledger CSV columns, in order. */
export const LEDGER_CSV_COLUMNS = ["id", "created_at", "kind", "reason", "amount", "balance_after"] as const;
