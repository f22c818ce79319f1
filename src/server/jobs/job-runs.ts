import { type Kysely, sql, type UpdateObject } from "kysely";
import type { DB } from "../db/schema";
import { type Logger, logContext } from "../logger";
import { countJobRun } from "../metrics/registry";
import type { Job } from "./jobs.service";

/** Runs one job; throw to have it retried. Must be idempotent (a job runs at least once). */
export type JobHandler = (payload: unknown, job: Job) => Promise<void>;

/** A job as a claim returns it. */
export interface ClaimedRow {
  id: number;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  dedupe_key: string | null;
  created_at: Date;
}

/** What running a claimed job needs from its worker. */
export interface RunContext {
  db: Kysely<DB>;
  log: Logger;
  handlers: Record<string, JobHandler>;
  backoff: { baseMs: number; maxMs: number };
  /** Queues whose last job failed: their next failures log at debug, their next success at info. */
  failingQueues: Set<string>;
  /** Called with the error when the database could not be reached, without one when it could. */
  noteDatabase(error?: unknown): void;
}

export function retryDelayMs(attempts: number, backoff: { baseMs: number; maxMs: number }): number {
  const delay = Math.min(backoff.baseMs * 2 ** Math.max(0, attempts - 1), backoff.maxMs);
  return Math.round(delay * (0.75 + Math.random() * 0.5));
}

export const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Claims up to `limit` due jobs of `queues` for `leaseMs` (a job still 'running' after it is claimed again). */
export async function claimJobs(
  db: Kysely<DB>,
  queues: string[],
  leaseMs: number,
  limit: number,
): Promise<ClaimedRow[]> {
  if (limit <= 0 || queues.length === 0) return [];
  const lease = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  const { rows } = await sql<ClaimedRow>`
    update jobs set status = 'running', attempts = attempts + 1, locked_until = ${lease}, run_at = ${lease}
    where id in (
      select id from jobs
      where status in ('queued', 'running') and run_at <= now()
        and queue in (${sql.join(queues.map((q) => sql`${q}`))})
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id::float8 as id, queue, payload, attempts, max_attempts, run_at, dedupe_key, created_at`.execute(
    db,
  );
  return rows;
}

/** Records a run's end: done, failed for good after its last attempt, or queued again after a backoff. */
async function finishJob(ctx: RunContext, row: ClaimedRow, error?: unknown): Promise<void> {
  const { db, log, failingQueues } = ctx;
  // Only while this claim holds it: a job whose lease ran out may have been claimed again.
  const mine = (set: UpdateObject<DB, "jobs">) =>
    db
      .updateTable("jobs")
      .set(set)
      .where("id", "=", row.id)
      .where("attempts", "=", row.attempts)
      .where("status", "=", "running")
      .execute();
  if (error === undefined) {
    await mine({ status: "done", finished_at: sql`now()`, locked_until: null, last_error: null });
    countJobRun(row.queue, "done");
    if (failingQueues.delete(row.queue))
      log.info({ queue: row.queue }, `jobs of queue ${row.queue} succeed again`);
    return;
  }
  const lastError = messageOf(error);
  if (row.attempts >= row.max_attempts) {
    const [given] = await mine({
      status: "failed",
      finished_at: sql`now()`,
      locked_until: null,
      last_error: lastError,
    });
    // Counted where the job is given up, and only by the claim that gave it up (ple_jobs_exhausted_total).
    countJobRun(row.queue, (given?.numUpdatedRows ?? 0n) > 0n ? "exhausted" : "failed");
    log.error(
      { job: row.id, queue: row.queue, attempts: row.attempts, error: lastError },
      "job failed for good",
    );
    return;
  }
  const delay = retryDelayMs(row.attempts, ctx.backoff);
  countJobRun(row.queue, "failed");
  await mine({
    status: "queued",
    locked_until: null,
    last_error: lastError,
    run_at: sql`now() + ${delay} * interval '1 millisecond'`,
  });
  const details = {
    job: row.id,
    queue: row.queue,
    attempt: row.attempts,
    retryInMs: delay,
    error: lastError,
  };
  // One warning when a queue starts failing (its dependency went away, say), not one per attempt.
  if (failingQueues.has(row.queue)) log.debug(details, "job failed, will retry");
  else {
    failingQueues.add(row.queue);
    log.warn(details, `jobs of queue ${row.queue} are failing; retrying with backoff`);
  }
}

/** Runs a claimed job with its queue's handler and records how it ended. */
export function runJob(ctx: RunContext, row: ClaimedRow): Promise<void> {
  // The job's lines carry its id and queue (logger.ts), whoever woke the worker.
  return logContext.run({ job: row.id, queue: row.queue }, () => runInContext(ctx, row));
}

async function runInContext(ctx: RunContext, row: ClaimedRow): Promise<void> {
  const handler = ctx.handlers[row.queue];
  let error: unknown;
  try {
    if (!handler) throw new Error(`no handler for queue ${row.queue}`);
    if (row.attempts > row.max_attempts) throw new Error("lease expired on the last attempt");
    const job: Job = {
      id: row.id,
      queue: row.queue,
      payload: row.payload,
      status: "running",
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      runAt: row.run_at,
      dedupeKey: row.dedupe_key,
      createdAt: row.created_at,
    };
    await handler(row.payload, job);
  } catch (caught) {
    error = caught ?? new Error("job failed");
  }
  try {
    await finishJob(ctx, row, error);
  } catch (caught) {
    // The database went away after the job ran: it runs again after its lease (handlers are idempotent).
    ctx.noteDatabase(caught);
  }
}

/** One error log when the queue loses the database, one info log when it reaches it again. */
export function databaseWatch(log: Logger): (error?: unknown) => void {
  let databaseDown = false;
  return (error?: unknown) => {
    if (error !== undefined && !databaseDown) {
      databaseDown = true;
      log.error({ error: messageOf(error) }, "job queue cannot reach the database; retrying");
    } else if (error === undefined && databaseDown) {
      databaseDown = false;
      log.info("job queue reaches the database again");
    }
  };
}
