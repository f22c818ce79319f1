/**
 * The durable job queue: work that must happen after a change commits (send a mail, a retention sweep, a payout),
 * kept in the `jobs` table so neither a crash nor a failing dependency loses it. The rules, in docs/product.md
 * ("Jobs"):
 *
 * - `enqueueJob(dbOrTrx, { queue, payload, dedupeKey?, runAt?, maxAttempts? })` inserts a job. Pass the
 *   transaction of the change that causes it, so the job exists if and only if that change committed. A second
 *   job with the same `dedupeKey` is a no-op (returns null), also across processes.
 * - `createJobWorker({ db, logger, handlers })` (jobs.worker.ts) claims due jobs of the queues it has handlers for,
 *   with `FOR UPDATE SKIP LOCKED`, so any number of processes share one queue and each job runs in one of them at
 *   a time. A claim leases the job (`locked_until`); a job whose process died mid-run is claimed again after the
 *   lease. A handler that throws is retried with exponential backoff until `max_attempts`, then the job is
 *   'failed' and logged. Handlers must be idempotent: delivery is at least once (a crash between the effect and
 *   the 'done' mark runs the job again).
 * - `worker.schedule(queue, everyMs)` enqueues one job per time bucket (the dedupe key names the bucket), so
 *   recurring work runs once per period however many processes run.
 */
import { type Kysely, sql } from "kysely";
import type { DB, JobStatus } from "../db/schema";

export interface EnqueueJob {
  queue: string;
  /** Anything JSON can carry; the handler validates it. */
  payload?: unknown;
  /** Unique over the table's life (finished jobs are swept after JOB_RETENTION_MS); a repeat is ignored. */
  dedupeKey?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Tries before the job is 'failed' (default 10). */
  maxAttempts?: number;
}

/** A job as a handler sees it. */
export interface Job {
  id: number;
  queue: string;
  payload: unknown;
  status: JobStatus;
  /** This run included. */
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  dedupeKey: string | null;
  createdAt: Date;
}

export const DEFAULT_MAX_ATTEMPTS = 10;
/** Finished jobs (done or failed) are deleted after a week by the built-in sweep. */
export const JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Inserts a job in `db` (a transaction, to tie it to a change). Returns its id, or null for a repeated dedupe key. */
export async function enqueueJob(db: Kysely<DB>, job: EnqueueJob): Promise<number | null> {
  const row = await db
    .insertInto("jobs")
    .values({
      queue: job.queue,
      payload: JSON.stringify(job.payload ?? {}),
      dedupe_key: job.dedupeKey ?? null,
      run_at: job.runAt ?? sql<Date>`now()`,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning(sql<number>`id::float8`.as("id"))
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Counts by status, e.g. for tests and the readiness report. */
export async function countJobs(db: Kysely<DB>, queue?: string): Promise<Record<JobStatus, number>> {
  let query = db
    .selectFrom("jobs")
    .select(["status", sql<number>`count(*)::int`.as("n")])
    .groupBy("status");
  if (queue) query = query.where("queue", "=", queue);
  const counts: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const row of await query.execute()) counts[row.status] = Number(row.n);
  return counts;
}

/** Deletes finished jobs older than `olderThanMs`; the worker schedules it daily. */
export async function sweepFinishedJobs(db: Kysely<DB>, olderThanMs = JOB_RETENTION_MS): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where("status", "in", ["done", "failed"])
    .where("finished_at", "<", sql<Date>`now() - ${olderThanMs} * interval '1 millisecond'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
