import type { Kysely } from "kysely";
import type { ConcurrentIndex } from "../concurrent-indexes";
import { runStatements } from "../run-statements";

/**
 * Queries that stay flat as the tables grow (docs/product.md, "Admin console"; ADR 072).
 * - pg_trgm: trigram indexes, for the console's search by part of an e-mail address (PGlite loads the extension
 *   when it opens: db/pglite.ts).
 * - The indexes, built CONCURRENTLY after the migrations (db/concurrent-indexes.ts), so the large tables they index
 *   take writes while they are built:
 *   - "user": the e-mail's trigrams (search), lower(email) (the audit filters resolve an address to its user's
 *     id), and (createdAt, id), the users list's key;
 *   - audit_log by target id alone (the target filter, whatever the target type);
 *   - KYC submissions by status and time (the decided lists, newest first; the pending queue has its own);
 *   - a player's games, quiz sessions and video watches in id order, the data download's key, so each of its
 *     pages is one index range instead of a sort of the player's whole history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ["create extension if not exists pg_trgm"]);
}

export const concurrentIndexes: readonly ConcurrentIndex[] = [
  { name: "user_email_trgm_idx", on: `"user" using gin (email gin_trgm_ops)` },
  { name: "user_email_lower_idx", on: `"user" (lower(email))` },
  { name: "user_created_id_idx", on: `"user" ("createdAt", id)` },
  { name: "audit_log_target_id_idx", on: "audit_log (target_id, id)" },
  { name: "kyc_submissions_status_created_idx", on: "kyc_submissions (status, created_at)" },
  { name: "games_user_id_idx", on: "games (user_id, id)" },
  { name: "quiz_sessions_user_id_idx", on: "quiz_sessions (user_id, id)" },
  { name: "video_watches_user_id_idx", on: "video_watches (user_id, id)" },
];
