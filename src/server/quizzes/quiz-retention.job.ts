import { sql } from "kysely";
import type { Database } from "../db/client";
import type { JobHandler } from "../jobs/jobs.worker";
import type { Logger } from "../logger";

/**
 * The recurring job that prunes the question lists of old quiz sessions (docs/product.md, "Quizzes": retention;
 * scheduled by serve.ts). A session's `items` (which questions it asked, in which order, and each one's option
 * order) are needed only while it can be answered; once it expired `retentionDays` ago they are emptied. What the
 * books and disputes need stays: the session row (quiz, player, times, paid slot or practice — the history names
 * the quiz by it), every answer (`quiz_answers`: question, chosen option, right or wrong, when) and the ledger.
 */
export const QUIZ_RETENTION_QUEUE = "quizzes.retention";
export const QUIZ_RETENTION_EVERY_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PruneOptions {
  now?: Date;
  /** Sessions emptied per statement (each its own short transaction). */
  batch?: number;
  /** Statements per run: a backlog is worked off over several runs, never in one long one. */
  maxBatches?: number;
}

/**
 * Empties the `items` of sessions that expired more than `retentionDays` before `now`, a batch at a time by the
 * partial index on `expires_at` (migration 0430): each batch is one short statement, so a crash loses nothing
 * and the next run goes on where this one stopped. Returns how many sessions it pruned.
 */
export async function pruneQuizSessionDetails(
  db: Database,
  retentionDays: number,
  { now = new Date(), batch = 500, maxBatches = 200 }: PruneOptions = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let pruned = 0;
  for (let n = 0; n < maxBatches; n++) {
    const { rows } = await sql<{ id: string }>`
      update quiz_sessions set items = '[]'::jsonb
      where id in (
        select id from quiz_sessions
        where items <> '[]'::jsonb and expires_at < ${cutoff}
        order by expires_at
        limit ${batch}
        for update skip locked)
      returning id`.execute(db);
    pruned += rows.length;
    if (rows.length < batch) break;
  }
  return pruned;
}

export function quizRetentionJobHandler(db: Database, retentionDays: number, logger: Logger): JobHandler {
  return async () => {
    const pruned = await pruneQuizSessionDetails(db, retentionDays);
    if (pruned > 0) logger.info({ pruned, retentionDays }, "quiz sessions' question lists pruned");
  };
}
