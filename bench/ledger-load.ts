/**
 * The load loops of `npm run bench:ledger` (bench/ledger.ts) and its two reference rows, in plain `pg` and SQL with
 * no import of the app, so that the before run (bench/ledger-before.ts) measures the reference rows on its own
 * tree's schema too:
 * - the floor: a bare INSERT ledger row + UPDATE balance transaction, the database's floor for one coin movement;
 * - the two-transaction floor: a paid watch is two transactions by design (its start is recorded by the server
 *   before the completion, docs/product.md "Videos"), so the least a watch can cost is a bare INSERT of a watch row
 *   — committed asynchronously, as the start is (ADR 062) — and then the floor's transaction.
 * CONNECTIONS loops, each on the pool of CONNECTIONS connections, for SECONDS.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { smokeOr } from "./smoke";

/** 64 (8 at smoke size: a smoke run checks that the bench runs, and its sign-ups were most of its time). */
export const CONNECTIONS = smokeOr(64, 8);
export const USERS = smokeOr(64, 8);
export const SECONDS = smokeOr(Number(process.env.BENCH_SECONDS ?? 10), 1);

export interface Throughput {
  perSecond: number;
  p50: number;
  p99: number;
  total: number;
  /**
   * The machine's busy CPU time (all processes: the load's client, the server, PostgreSQL; /proc/stat) per award
   * while it ran, ms; null where /proc/stat cannot be read. Where the run keeps the cores busy, awards/s is about
   * cores ÷ this, so two paths' throughputs compare as the inverse of their CPU per award.
   */
  cpuMsPerAward: number | null;
  /**
   * The part of it spent in the benchmark's own process, ms per award: the load generator for HTTP (with the memory
   * sampling), the server's own functions and `pg` for the direct SQL, `pg` for the floors. Absent in runs made
   * before it was measured.
   */
  clientCpuMsPerAward?: number | null;
}

/** Busy CPU seconds of the whole machine so far (/proc/stat: all but idle and iowait), or null off Linux. */
export function machineBusySeconds(): number | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return (total - (fields[3] ?? 0) - (fields[4] ?? 0)) / 100; // USER_HZ
  } catch {
    return null;
  }
}

/** Busy CPU ms per award between `busyBefore` (machineBusySeconds()) and now. */
export function cpuMsPerAward(busyBefore: number | null, awards: number): number | null {
  const now = machineBusySeconds();
  return busyBefore === null || now === null || !awards ? null : ((now - busyBefore) * 1000) / awards;
}

/** This process's CPU ms per award since `before` (process.cpuUsage()). */
export function clientCpuMsPerAward(before: NodeJS.CpuUsage, awards: number): number | null {
  const used = process.cpuUsage(before);
  return awards ? (used.user + used.system) / 1000 / awards : null;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** `work` run back to back on CONNECTIONS concurrent loops for SECONDS: rate, latency and CPU per award. */
export async function timed(work: (i: number) => Promise<void>): Promise<Throughput> {
  const latencies: number[] = [];
  const busy = machineBusySeconds();
  const own = process.cpuUsage();
  const deadline = performance.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await work(n++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const clientCpu = clientCpuMsPerAward(own, latencies.length);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: latencies.length,
    cpuMsPerAward: cpuMsPerAward(busy, latencies.length),
    clientCpuMsPerAward: clientCpu,
  };
}

/** USERS users with a profile and a session each, written directly. */
export async function sqlUsers(pool: pg.Pool): Promise<{ id: string; token: string }[]> {
  const users: { id: string; token: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    const id = randomUUID();
    const token = randomUUID();
    await pool.query(
      `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values ($1, $1, $1 || '@sql.bench', true, now(), now())`,
      [id],
    );
    await pool.query(
      "insert into user_profiles (id, referral_code) values ($1, upper(substr(md5($1), 1, 8)))",
      [id],
    );
    await pool.query(
      `insert into "session" (id, "expiresAt", token, "createdAt", "updatedAt", "userId") values ($1, now() + interval '7 days', $1, now(), now(), $2)`,
      [token, id],
    );
    users.push({ id, token });
  }
  return users;
}

/** The floor's transaction: a bare INSERT of a ledger row and UPDATE of the balance, for `userId`. */
async function floorTransaction(pool: pg.Pool, userId: string): Promise<void> {
  const conn = await pool.connect();
  try {
    await conn.query("begin");
    await conn.query(
      "insert into coin_ledger (user_id, amount, kind, reason, cause_key) values ($1, 10, 'video_watch', 'Video watch', $2)",
      [userId, `sql:${randomUUID()}`],
    );
    await conn.query("update user_profiles set points = points + 10 where id = $1", [userId]);
    await conn.query("commit");
  } finally {
    conn.release();
  }
}

/** A bare INSERT of a watch row in a transaction of its own, committed asynchronously as a watch's start is. */
async function watchRow(pool: pg.Pool, userId: string): Promise<void> {
  await pool.query(
    `with quick as (select set_config('synchronous_commit', 'off', true) as commit_mode)
     insert into video_watches (user_id, video_id)
     select $1, 'tutorial-get-started' from quick where quick.commit_mode = 'off'`,
    [userId],
  );
}

/** The two reference rows on the database at `url` (migrated, with the catalogue's videos), users of their own. */
export async function benchFloors(url: string): Promise<{ floor: Throughput; twoFloor: Throughput }> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  // An idle client ended by the server (the DROP … WITH (FORCE) after a failure) must not crash the run.
  pool.on("error", () => {});
  try {
    const users = await sqlUsers(pool);
    // Every connection opened before the clock starts, as the SQL row's pool is when the floors follow it.
    const opened = await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.connect()));
    for (const conn of opened) conn.release();
    const userOf = (i: number) => users[i % users.length]!.id;
    const floor = await timed((i) => floorTransaction(pool, userOf(i)));
    const twoFloor = await timed(async (i) => {
      await watchRow(pool, userOf(i));
      await floorTransaction(pool, userOf(i));
    });
    return { floor, twoFloor };
  } finally {
    await pool.end();
  }
}
