import { type Kysely, sql, type UpdateObject } from "kysely";
import type { DB } from "../db/schema";
import type { Logger } from "../logger";
import { enqueueJob, type Job, sweepFinishedJobs } from "./jobs.service";

/** Runs one job; throw to have it retried. Must be idempotent (a job runs at least once). */
export type JobHandler = (payload: unknown, job: Job) => Promise<void>;

export interface JobWorkerOptions {
  db: Kysely<DB>;
  logger: Logger;
  /** The queues this worker runs, each with its handler. */
  handlers: Record<string, JobHandler>;
  /** How often to look for due jobs (default 1 s). */
  pollMs?: number;
  /** Jobs run at the same time by this worker (default 4). */
  concurrency?: number;
  /** How long a claim holds a job; a job still 'running' after it is claimed again (default 60 s). */
  leaseMs?: number;
  /** Retry delay: baseMs × 2^(attempt − 1), at most maxMs, ±25 % jitter (default 1 s … 5 min). */
  backoff?: { baseMs: number; maxMs: number };
  /** How long stop() waits for running jobs (default 10 s). */
  stopTimeoutMs?: number;
  /** Schedule the daily sweep of finished jobs (default true). */
  sweep?: boolean;
}

export interface JobWorker {
  start(): void;
  /** Stops claiming; waits for running jobs up to `stopTimeoutMs` (the rest run again after their lease). */
  stop(): Promise<void>;
  /** Runs every job due now, and waits for them and for the jobs already running (tests, shutdown). */
  drain(): Promise<void>;
  /** Looks for due jobs now instead of at the next poll (after enqueueing one this process should run soon). */
  poke(): void;
  /** Enqueues `queue` once per `everyMs` bucket of wall time, across all processes (needs a handler). */
  schedule(queue: string, everyMs: number, payload?: unknown): void;
}

const SWEEP_QUEUE = "jobs.sweep";
const DAY_MS = 24 * 60 * 60 * 1000;

interface ClaimedRow {
  id: number;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  dedupe_key: string | null;
  created_at: Date;
}

export function retryDelayMs(attempts: number, backoff: { baseMs: number; maxMs: number }): number {
  const delay = Math.min(backoff.baseMs * 2 ** Math.max(0, attempts - 1), backoff.maxMs);
  return Math.round(delay * (0.75 + Math.random() * 0.5));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, logger } = options;
  const handlers: Record<string, JobHandler> = { ...options.handlers };
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 60_000;
  const backoff = options.backoff ?? { baseMs: 1000, maxMs: 5 * 60_000 };
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const log = logger.child({ module: "jobs" });
  const schedules: { queue: string; everyMs: number; payload: unknown; lastBucket: number }[] = [];
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let databaseDown = false;
  const failingQueues = new Set<string>();

  async function claim(limit: number): Promise<ClaimedRow[]> {
    const queues = Object.keys(handlers);
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

  async function finish(row: ClaimedRow, error?: unknown): Promise<void> {
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
      if (failingQueues.delete(row.queue))
        log.info({ queue: row.queue }, `jobs of queue ${row.queue} succeed again`);
      return;
    }
    const lastError = messageOf(error);
    if (row.attempts >= row.max_attempts) {
      await mine({ status: "failed", finished_at: sql`now()`, locked_until: null, last_error: lastError });
      log.error(
        { job: row.id, queue: row.queue, attempts: row.attempts, error: lastError },
        "job failed for good",
      );
      return;
    }
    const delay = retryDelayMs(row.attempts, backoff);
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

  async function runJob(row: ClaimedRow): Promise<void> {
    const handler = handlers[row.queue];
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
      await finish(row, error);
    } catch (caught) {
      // The database went away after the job ran: it runs again after its lease (handlers are idempotent).
      noteDatabase(caught);
    }
  }

  function noteDatabase(error?: unknown) {
    if (error !== undefined && !databaseDown) {
      databaseDown = true;
      log.error({ error: messageOf(error) }, "job queue cannot reach the database; retrying");
    } else if (error === undefined && databaseDown) {
      databaseDown = false;
      log.info("job queue reaches the database again");
    }
  }

  async function enqueueSchedules(): Promise<void> {
    const now = Date.now();
    for (const s of schedules) {
      const bucket = Math.floor(now / s.everyMs);
      if (bucket === s.lastBucket) continue;
      await enqueueJob(db, {
        queue: s.queue,
        payload: s.payload,
        dedupeKey: `schedule:${s.queue}:${s.everyMs}:${bucket}`,
        runAt: new Date(bucket * s.everyMs),
      });
      s.lastBucket = bucket;
    }
  }

  /** Claims what fits and starts it; returns how many jobs it started. */
  /** Claims under way: a claimed row is locked (SKIP LOCKED hides it) before its run is in `inFlight`. */
  let claiming = 0;
  async function claimAndStart(): Promise<number> {
    claiming++;
    try {
      await enqueueSchedules();
      const rows = await claim(concurrency - inFlight.size);
      for (const row of rows) {
        const run = runJob(row).finally(() => {
          inFlight.delete(run);
          if (running) wake(0);
        });
        inFlight.add(run);
      }
      return rows.length;
    } finally {
      claiming--;
    }
  }

  let ticking = false;
  /** A poke arrived while a tick ran: look again right after it. */
  let again = false;
  async function tick(): Promise<void> {
    timer = undefined;
    if (!running) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    again = false;
    try {
      await claimAndStart();
      noteDatabase();
    } catch (error) {
      noteDatabase(error);
    } finally {
      ticking = false;
      wake(again ? 0 : pollMs);
    }
  }

  function wake(delayMs: number) {
    if (!running) return;
    if (timer && delayMs > 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  const worker: JobWorker = {
    start() {
      if (running) return;
      running = true;
      wake(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const settled = Promise.allSettled([...inFlight]).then(() => true);
      const bound = new Promise<false>((resolve) => setTimeout(resolve, stopTimeoutMs, false).unref());
      if (!(await Promise.race([settled, bound])))
        log.warn(
          { running: inFlight.size },
          "stopped with jobs still running; they run again after their lease",
        );
    },
    async drain() {
      for (;;) {
        const started = await claimAndStart();
        if (started === 0 && inFlight.size === 0 && claiming === 0) return;
        await Promise.allSettled([...inFlight]);
        // The poll loop's claim may hold a due job it has not started yet: give it a moment, then look again.
        if (started === 0 && inFlight.size === 0) await new Promise((r) => setTimeout(r, 5));
      }
    },
    poke() {
      wake(0);
    },
    schedule(queue, everyMs, payload = {}) {
      if (!handlers[queue]) throw new Error(`schedule(${queue}): the worker has no handler for it`);
      schedules.push({ queue, everyMs, payload, lastBucket: -1 });
    },
  };

  if (options.sweep ?? true) {
    handlers[SWEEP_QUEUE] = async () => {
      const deleted = await sweepFinishedJobs(db);
      if (deleted) log.info({ deleted }, "swept finished jobs");
    };
    worker.schedule(SWEEP_QUEUE, DAY_MS);
  }
  return worker;
}
