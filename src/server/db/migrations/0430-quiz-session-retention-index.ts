import type { Kysely } from "kysely";
import type { ConcurrentIndex } from "../concurrent-indexes";

/**
 * The quiz sessions whose question lists are still kept, by expiry (docs/product.md, "Quizzes": retention): the
 * retention job (quizzes/quiz-retention.job.ts) finds the next batch to prune by this partial index instead of
 * reading the table, and a pruned session leaves it. Built CONCURRENTLY after the migrations (no lock that stops
 * writers on quiz_sessions); the job works without it, only slower, until it is valid.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export const concurrentIndexes: readonly ConcurrentIndex[] = [
  { name: "quiz_sessions_items_expiry_idx", on: "quiz_sessions (expires_at) where items <> '[]'::jsonb" },
];
