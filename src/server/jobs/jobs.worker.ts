import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { Logger } from "../logger";
import { listJobQueues } from "../metrics/registry";
import { createPoller } from "./job-poller";
import {
  type ClaimedRow,
  claimJobs,
  databaseWatch,
  type JobHandler,
  type RunContext,
  runJob,
} from "./job-runs";
import { enqueueJob, sweepFinishedJobs } from "./jobs.service";

export { type JobHandler, retryDelayMs } from "./job-runs";

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

interface Schedule {
  queue: string;
  everyMs: number;
  payload: unknown;
  lastBucket: number;
}

/** Enqueues each schedule's job once per bucket of wall time (the dedupe key makes it once across processes). */
async function enqueueSchedules(db: Kysely<DB>, schedules: Schedule[]): Promise<void> {
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

/** Waits for the runs under way, at most `timeoutMs`; a run still going then runs again after its lease. */
async function settleWithin(inFlight: Set<Promise<void>>, timeoutMs: number, log: Logger): Promise<void> {
  const settled = Promise.allSettled([...inFlight]).then(() => true);
  const bound = new Promise<false>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
  if (!(await Promise.race([settled, bound])))
    log.warn({ running: inFlight.size }, "stopped with jobs still running; they run again after their lease");
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, logger } = options;
  const handlers: Record<string, JobHandler> = { ...options.handlers };
  listJobQueues(Object.keys(handlers));
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const log = logger.child({ module: "jobs" });
  const schedules: Schedule[] = [];
  const inFlight = new Set<Promise<void>>();
  const noteDatabase = databaseWatch(log);
  const backoff = options.backoff ?? { baseMs: 1000, maxMs: 5 * 60_000 };
  const ctx: RunContext = { db, log, handlers, backoff, failingQueues: new Set(), noteDatabase };
  const start = (row: ClaimedRow) => {
    const run = runJob(ctx, row).finally(() => {
      inFlight.delete(run);
      poller.wake(0);
    });
    inFlight.add(run);
  };

  /** Claims under way: a claimed row is locked (SKIP LOCKED hides it) before its run is in `inFlight`. */
  let claiming = 0;
  /** Claims what fits and starts it; returns how many jobs it started. */
  async function claimAndStart(): Promise<number> {
    claiming++;
    try {
      await enqueueSchedules(db, schedules);
      const rows = await claimJobs(db, Object.keys(handlers), leaseMs, concurrency - inFlight.size);
      for (const row of rows) start(row);
      return rows.length;
    } finally {
      claiming--;
    }
  }
  const poller = createPoller(async () => {
    try {
      await claimAndStart();
      noteDatabase();
    } catch (error) {
      noteDatabase(error);
    }
  }, options.pollMs ?? 1000);

  const worker: JobWorker = {
    start: poller.start,
    async stop() {
      poller.stop();
      await settleWithin(inFlight, stopTimeoutMs, log);
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
      poller.wake(0);
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
