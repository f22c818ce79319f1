import type { Logger } from "../logger";
import type { JobWorker } from "./jobs.worker";

/**
 * Work every process does on a short period without a row in `jobs` per run (a schedule writes one per period):
 * a task that finds its own work in the database and is safe to run from several processes at once (the ledger's
 * event consumers: ledger-events.job.ts). The worker returned runs the tasks while it runs, and `drain()` runs
 * them too — with `draining` set, meaning "take everything now" — until they and the jobs they enqueue are done.
 */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** One run; returns how much it did (0: nothing to do). */
  run(options: { draining: boolean }): Promise<number>;
}

export function withPeriodicTasks(
  worker: JobWorker,
  tasks: readonly PeriodicTask[],
  logger: Logger,
): JobWorker {
  const log = logger.child({ module: "jobs" });
  const timers = new Map<string, NodeJS.Timeout>();
  const failing = new Set<string>();
  /** The run of each task under way, if any: runs of one task never overlap. */
  const current = new Map<string, Promise<number>>();
  let running = false;

  async function runTask(task: PeriodicTask, draining: boolean): Promise<number> {
    for (let under = current.get(task.name); under; under = current.get(task.name)) {
      if (!draining) return 0;
      await under.catch(() => 0);
    }
    const run = runOnce(task, draining);
    current.set(task.name, run);
    try {
      return await run;
    } finally {
      current.delete(task.name);
    }
  }

  async function runOnce(task: PeriodicTask, draining: boolean): Promise<number> {
    try {
      const done = await task.run({ draining });
      if (failing.delete(task.name)) log.info({ task: task.name }, `task ${task.name} succeeds again`);
      return done;
    } catch (error) {
      if (!failing.has(task.name))
        log.warn({ task: task.name, error: String(error) }, `task ${task.name} failed; it runs again`);
      failing.add(task.name);
      if (draining) throw error;
      return 0;
    }
  }

  function plan(task: PeriodicTask): void {
    if (!running) return;
    const timer = setTimeout(() => {
      void runTask(task, false).finally(() => plan(task));
    }, task.everyMs);
    timer.unref();
    timers.set(task.name, timer);
  }

  return {
    ...worker,
    start() {
      worker.start();
      if (running) return;
      running = true;
      for (const task of tasks) plan(task);
    },
    async stop() {
      running = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await worker.stop();
    },
    async drain() {
      for (;;) {
        let done = 0;
        for (const task of tasks) done += await runTask(task, true);
        await worker.drain();
        if (done === 0) return;
      }
    },
  };
}
