import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/server/logger";
import { openTestDatabase } from "../../../tests/support/test-db";
import type { DatabaseHandle } from "../db/client";
import { countJobs, enqueueJob, type Job, sweepFinishedJobs } from "./jobs.service";
import { createJobWorker, type JobHandler, type JobWorker, retryDelayMs } from "./jobs.worker";

const logger = createLogger({ logLevel: "silent" });
let handle: DatabaseHandle;
const workers: JobWorker[] = [];
const fast = { pollMs: 20, backoff: { baseMs: 30, maxMs: 60 }, sweep: false };

function worker(
  handlers: Record<string, JobHandler>,
  extra: Parameters<typeof createJobWorker>[0] extends infer O ? Partial<O> : never = {},
) {
  const w = createJobWorker({ db: handle.db, logger, handlers, ...fast, ...extra });
  workers.push(w);
  return w;
}

async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const jobRow = (id: number) =>
  handle.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(async () => {
  handle = await openTestDatabase({ poolMax: 6 });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await handle.db.deleteFrom("jobs").execute();
});
afterAll(async () => {
  await handle.close();
});

describe("enqueueJob", () => {
  it("exists only if the caller's transaction commits", async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { queue: "q", payload: { n: 1 } });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await countJobs(handle.db, "q")).queued).toBe(0);

    const id = await handle.db
      .transaction()
      .execute((trx) => enqueueJob(trx, { queue: "q", payload: { n: 2 } }));
    expect(id).toEqual(expect.any(Number));
    const row = await jobRow(id as number);
    expect(row).toMatchObject({
      queue: "q",
      payload: { n: 2 },
      status: "queued",
      attempts: 0,
      max_attempts: 10,
    });
  });

  it("ignores a repeated dedupe key", async () => {
    const first = await enqueueJob(handle.db, { queue: "q", dedupeKey: "same" });
    const second = await enqueueJob(handle.db, { queue: "q", dedupeKey: "same", payload: { other: true } });
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    expect((await countJobs(handle.db, "q")).queued).toBe(1);
  });
});

describe("the worker", () => {
  it("runs each due job once and marks it done; a job due later waits", async () => {
    const seen: unknown[] = [];
    const later = await enqueueJob(handle.db, { queue: "q", runAt: new Date(Date.now() + 60_000) });
    for (let n = 0; n < 5; n++) await enqueueJob(handle.db, { queue: "q", payload: { n } });
    const w = worker({
      q: async (payload, job: Job) => {
        expect(job.attempts).toBe(1);
        seen.push(payload);
      },
    });
    w.start();
    await waitFor(async () => (await countJobs(handle.db, "q")).done === 5);
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((p) => JSON.stringify(p))).size).toBe(5);
    expect((await jobRow(later as number)).status).toBe("queued");
  });

  it("retries a failing job with backoff, then marks it failed after max_attempts", async () => {
    const id = (await enqueueJob(handle.db, { queue: "flaky", maxAttempts: 3 })) as number;
    const attempts: number[] = [];
    const w = worker({
      flaky: async (_payload, job) => {
        attempts.push(Date.now());
        throw new Error(`boom ${job.attempts}`);
      },
    });
    w.start();
    const row = await waitFor(async () => {
      const r = await jobRow(id);
      return r.status === "failed" && r;
    });
    expect(row).toMatchObject({ attempts: 3, last_error: "boom 3" });
    expect(row.finished_at).not.toBeNull();
    expect(attempts).toHaveLength(3);
    // ≥ 0.75 × 30 ms between the first tries (backoff), not immediate.
    expect((attempts[1] ?? 0) - (attempts[0] ?? 0)).toBeGreaterThanOrEqual(20);
  });

  it("retries until the dependency is back, then succeeds", async () => {
    const id = (await enqueueJob(handle.db, { queue: "q" })) as number;
    let failures = 2;
    const w = worker({
      q: async () => {
        if (failures-- > 0) throw new Error("server away");
      },
    });
    w.start();
    const row = await waitFor(async () => {
      const r = await jobRow(id);
      return r.status === "done" && r;
    });
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBeNull();
  });

  it("runs again a job whose worker died, once its lease has passed — not before", async () => {
    const expired = (await enqueueJob(handle.db, { queue: "q" })) as number;
    const held = (await enqueueJob(handle.db, { queue: "q" })) as number;
    // As a killed process leaves them: claimed ('running', one attempt), one lease over, one still held.
    await handle.db
      .updateTable("jobs")
      .set({
        status: "running",
        attempts: 1,
        run_at: sql`now() - interval '1 second'`,
        locked_until: sql`now() - interval '1 second'`,
      })
      .where("id", "=", expired)
      .execute();
    await handle.db
      .updateTable("jobs")
      .set({
        status: "running",
        attempts: 1,
        run_at: sql`now() + interval '1 hour'`,
        locked_until: sql`now() + interval '1 hour'`,
      })
      .where("id", "=", held)
      .execute();
    const ran: number[] = [];
    const w = worker({ q: async (_p, job) => void ran.push(job.id) });
    w.start();
    await waitFor(async () => (await jobRow(expired)).status === "done");
    await w.drain();
    expect(ran).toEqual([expired]);
    expect((await jobRow(expired)).attempts).toBe(2);
    expect((await jobRow(held)).status).toBe("running");
  });

  it("shares one queue between workers: 60 jobs, each run exactly once", async () => {
    for (let n = 0; n < 60; n++) await enqueueJob(handle.db, { queue: "shared", payload: { n } });
    const runs = new Map<number, number>();
    const handler: JobHandler = async (payload) => {
      const n = (payload as { n: number }).n;
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2));
    };
    const a = worker({ shared: handler });
    const b = worker({ shared: handler });
    const c = worker({ shared: handler });
    a.start();
    b.start();
    c.start();
    await waitFor(async () => (await countJobs(handle.db, "shared")).done === 60);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it("leaves queues it has no handler for alone", async () => {
    const other = (await enqueueJob(handle.db, { queue: "someone-else" })) as number;
    const w = worker({ q: async () => {} });
    await w.drain();
    expect((await jobRow(other)).status).toBe("queued");
  });

  it("stop() waits for a running job, within its bound", async () => {
    await enqueueJob(handle.db, { queue: "slow" });
    let finished = false;
    let started = false;
    const w = worker({
      slow: async () => {
        started = true;
        await new Promise((r) => setTimeout(r, 150));
        finished = true;
      },
    });
    w.start();
    await waitFor(async () => started);
    await w.stop();
    expect(finished).toBe(true);
    await waitFor(async () => (await countJobs(handle.db, "slow")).done === 1);

    await enqueueJob(handle.db, { queue: "stuck" });
    let stuckStarted = false;
    const s = worker(
      {
        stuck: () => {
          stuckStarted = true;
          return new Promise<void>(() => {});
        },
      },
      { stopTimeoutMs: 100 },
    );
    s.start();
    await waitFor(async () => stuckStarted);
    const before = Date.now();
    await s.stop();
    expect(Date.now() - before).toBeLessThan(2000);
    expect((await countJobs(handle.db, "stuck")).running).toBe(1);
  });

  it("schedule() enqueues one job per period however many workers schedule it", async () => {
    let runs = 0;
    const handlers = { tick: async () => void runs++ };
    const a = worker(handlers);
    const b = worker(handlers);
    a.schedule("tick", 60 * 60 * 1000);
    b.schedule("tick", 60 * 60 * 1000);
    a.start();
    b.start();
    await waitFor(async () => (await countJobs(handle.db, "tick")).done === 1);
    await a.drain();
    await b.drain();
    expect(runs).toBe(1);
    const rows = await handle.db
      .selectFrom("jobs")
      .select("dedupe_key")
      .where("queue", "=", "tick")
      .execute();
    expect(rows).toHaveLength(1);
    expect(() => a.schedule("unknown", 1000)).toThrow(/no handler/);
  });

  it("sweeps finished jobs older than the retention, keeps the rest", async () => {
    const old = (await enqueueJob(handle.db, { queue: "q" })) as number;
    const recent = (await enqueueJob(handle.db, { queue: "q" })) as number;
    const pending = (await enqueueJob(handle.db, {
      queue: "q",
      runAt: new Date(Date.now() + 60_000),
    })) as number;
    await handle.db
      .updateTable("jobs")
      .set({ status: "done", finished_at: sql`now() - interval '8 days'` })
      .where("id", "=", old)
      .execute();
    await handle.db
      .updateTable("jobs")
      .set({ status: "done", finished_at: sql`now()` })
      .where("id", "=", recent)
      .execute();
    expect(await sweepFinishedJobs(handle.db)).toBe(1);
    const left = await handle.db
      .selectFrom("jobs")
      .select(sql<number>`id::float8`.as("id"))
      .orderBy("id")
      .execute();
    expect(left.map((r) => Number(r.id))).toEqual([recent, pending]);
  });
});

describe("retryDelayMs", () => {
  it("doubles from the base up to the cap, with ±25 % jitter", () => {
    const backoff = { baseMs: 1000, maxMs: 10_000 };
    for (const [attempt, nominal] of [
      [1, 1000],
      [2, 2000],
      [4, 8000],
      [9, 10_000],
    ] as const) {
      const delay = retryDelayMs(attempt, backoff);
      expect(delay).toBeGreaterThanOrEqual(nominal * 0.75);
      expect(delay).toBeLessThanOrEqual(nominal * 1.25);
    }
  });
});
