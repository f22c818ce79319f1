import type { Redis } from "ioredis";
import { sql } from "kysely";
import { Gauge, Registry } from "prom-client";
import type { Database, PoolStats } from "../db/client";
import { withTimeout } from "../http/dependency-monitor";

/** A scrape answers without the database's state (ple_database_up 0) rather than wait longer than this. */
const READ_TIMEOUT_MS = 2000;

/**
 * The gauges read when a scrape arrives (ADR 066):
 * - `processGauges`: this process's database pool and Redis connection — per process, so summed over processes
 *   (Redis: the lowest, 0 when any process has lost it) like the counters of registry.ts.
 * - `stateGauges`: the database's state — the job queues, the mail outbox, open payouts, waiting proposals. Read
 *   once per scrape by the answering process, never summed. Each is one indexed query over the open rows only
 *   (the jobs' partial index `jobs_due_idx` holds only queued and running jobs, `redemptions_status_idx` and
 *   `admin_proposals_status_idx` start with the status, partner credits' `partner_credits_release_idx` holds only the
 *   pending ones), never a scan of the finished history.
 */
export function processGauges({
  poolStats,
  redis,
}: {
  poolStats?: (() => PoolStats) | undefined;
  redis?: Pick<Redis, "status"> | undefined;
}): Registry {
  const registry = new Registry();
  if (poolStats) {
    const pool = (name: string, help: string, of: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(of(poolStats()));
        },
      });
    pool(
      "ple_db_pool_in_use",
      "Database connections running a query or transaction (PGlite: its one connection)",
      (s) => s.inUse,
    );
    pool("ple_db_pool_idle", "Open database connections waiting for work", (s) => s.idle);
    pool("ple_db_pool_waiting", "Queries waiting for a database connection", (s) => s.waiting);
    pool(
      "ple_db_pool_max",
      "Most database connections the pool opens (DATABASE_POOL_MAX; PGlite: 1)",
      (s) => s.max,
    );
  }
  if (redis)
    new Gauge({
      name: "ple_redis_up",
      help: "1 while the Redis connection is ready (REDIS_URL), else 0; over several processes the lowest",
      aggregator: "min",
      registers: [registry],
      collect() {
        this.set(redis.status === "ready" ? 1 : 0);
      },
    });
  return registry;
}

/** The state's queries: each reads only open rows through an index (a test checks their plans). */
export const STATE_QUERIES = {
  jobs: `select queue, count(*)::int as depth,
      extract(epoch from now() - min(created_at))::float8 as oldest,
      coalesce(extract(epoch from now() - min(run_at) filter (where run_at <= now())), 0)::float8 as overdue
    from jobs where status in ('queued', 'running') group by queue`,
  payouts: `select status, count(*)::int as n from redemptions
    where status in ('pending', 'approved', 'failed') group by status`,
  proposals: "select count(*)::int as n from admin_proposals where status = 'proposed'",
  partnerPending: `select p.slug as partner, count(*)::int as credits, sum(c.coins)::float8 as coins
    from partner_credits c join partners p on p.id = c.partner_id
    where c.state = 'pending' group by p.slug`,
} as const;

interface QueueRow {
  queue: string;
  depth: number;
  oldest: number;
  overdue: number;
}

interface PartnerPendingRow {
  partner: string;
  credits: number;
  coins: number;
}

/** The partners' pending coins and credits per partner slug (only partners with pending credits are listed). */
function partnerGauges(gauge: (name: string, help: string, labelNames: string[]) => Gauge) {
  const coins = gauge(
    "ple_partner_pending_coins",
    "Partner coins pending (credited, not yet released nor reversed), by partner slug",
    ["partner"],
  );
  const credits = gauge(
    "ple_partner_pending_credits",
    "Partner credits pending their release date, by partner slug",
    ["partner"],
  );
  return {
    reset() {
      coins.reset();
      credits.reset();
    },
    set(rows: readonly PartnerPendingRow[]) {
      for (const r of rows) {
        coins.set({ partner: r.partner }, Number(r.coins));
        credits.set({ partner: r.partner }, r.credits);
      }
    },
  };
}

export interface StateGauges {
  registry: Registry;
  /** Reads the database's state into the gauges; false when the database did not answer. */
  refresh(): Promise<boolean>;
}

/** `queues`: the worker's queues, each shown (at 0) even when empty; `outboxQueue`: the mail outbox's. */
export function stateGauges(db: Database, queues: readonly string[], outboxQueue: string): StateGauges {
  const registry = new Registry();
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const depth = gauge("ple_job_queue_depth", "Jobs queued or running, by queue", ["queue"]);
  const oldest = gauge(
    "ple_job_queue_oldest_age_seconds",
    "Age of the oldest job not yet done (queued, retrying or running), by queue; 0 when none",
    ["queue"],
  );
  const overdue = gauge(
    "ple_job_queue_overdue_seconds",
    "How long the most overdue job that may run now has waited to be claimed, by queue; 0 when none (a moving queue stays near 0)",
    ["queue"],
  );
  const outboxDepth = gauge("ple_mail_outbox_depth", "Mails queued and not yet delivered");
  const outboxOldest = gauge(
    "ple_mail_outbox_oldest_age_seconds",
    "Age of the oldest mail not yet delivered; 0 when none",
  );
  const payouts = gauge(
    "ple_payouts",
    "Redemptions in an open state: pending (awaiting a decision), approved (being paid), failed (the provider refused; awaiting a retry or a rejection)",
    ["state"],
  );
  const proposals = gauge(
    "ple_proposals_waiting",
    "Dual-control proposals waiting for a second administrator",
  );
  const partners = partnerGauges(gauge);
  const up = gauge("ple_database_up", "1 when this scrape read the database's state, else 0");

  async function read() {
    const run = <R>(text: string) => sql<R>`${sql.raw(text)}`.execute(db);
    const [jobs, open, waiting, pending] = await Promise.all([
      run<QueueRow>(STATE_QUERIES.jobs),
      run<{ status: string; n: number }>(STATE_QUERIES.payouts),
      run<{ n: number }>(STATE_QUERIES.proposals),
      run<PartnerPendingRow>(STATE_QUERIES.partnerPending),
    ]);
    return { jobs: jobs.rows, open: open.rows, waiting: waiting.rows[0]?.n ?? 0, pending: pending.rows };
  }

  return {
    registry,
    async refresh() {
      for (const g of [depth, oldest, overdue, outboxDepth, outboxOldest, payouts, proposals]) g.reset();
      partners.reset();
      let state: Awaited<ReturnType<typeof read>>;
      try {
        state = await withTimeout(read(), READ_TIMEOUT_MS, "database");
      } catch {
        up.set(0);
        return false;
      }
      up.set(1);
      const byQueue = new Map(state.jobs.map((r) => [r.queue, r]));
      for (const queue of new Set([...queues, ...byQueue.keys()])) {
        const row = byQueue.get(queue);
        depth.set({ queue }, row?.depth ?? 0);
        oldest.set({ queue }, Math.max(0, row?.oldest ?? 0));
        overdue.set({ queue }, Math.max(0, row?.overdue ?? 0));
      }
      const mail = byQueue.get(outboxQueue);
      outboxDepth.set(mail?.depth ?? 0);
      outboxOldest.set(Math.max(0, mail?.oldest ?? 0));
      const byState = new Map(state.open.map((r) => [r.status, r.n]));
      for (const s of ["pending", "approved", "failed"]) payouts.set({ state: s }, byState.get(s) ?? 0);
      proposals.set(state.waiting);
      partners.set(state.pending);
      return true;
    },
  };
}
