/**
 * The SQL side of `npm run bench:ledger` (bench/ledger.ts): the same statements as the two requests of a paid
 * watch (session lookup, start; session lookup, completion with its award, and the streak step, which sends a
 * statement only when the award's answer does not settle it), made by the server's own functions over `pg` without HTTP (the ratio's denominator, ADR 049), and a bare
 * INSERT + UPDATE transaction (the database's floor). CONNECTIONS loops, each on the pool of CONNECTIONS
 * connections; latencies are per award (two requests' worth of statements), not per request.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { DEFAULT_EARNING_LIMITS } from "~/core/earning";
import { DEFAULT_STREAK_RULES } from "~/core/streak";
import { NO_SESSION } from "~/server/auth/earner";
import { fromPool } from "~/server/db/client";
import { setLedgerPolicy } from "~/server/ledger/ledger-policy";
import { afterEarning } from "~/server/streaks/streaks.service";
import { completeWatch, startWatch } from "~/server/videos/videos.service";

export const CONNECTIONS = 64;
export const USERS = 64;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

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

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function benchSql(url: string): Promise<{ sql: Throughput; floor: Throughput }> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  // An idle client ended by the server (the DROP … WITH (FORCE) after a failure) must not crash the run and hide
  // the error that caused it.
  pool.on("error", () => {});
  const handle = fromPool(pool);
  // Every watch pays: the ledger's allowance raised for this handle, as the server's BENCH env raises it.
  setLedgerPolicy(handle.db, { limits: { ...DEFAULT_EARNING_LIMITS, videoWatchesPerDay: 100_000 } });
  try {
    const users = await sqlUsers(pool);
    const sql = await timed(async (i) => {
      // What the two requests send (videos.routes.ts: one statement each, the session's check inside;
      // streaks.service.ts), without HTTP around it.
      const { token } = users[i % users.length]!;
      const session = { token, freshUntil: new Date(Date.now() + 60_000) };
      const watch = await startWatch(handle.db, { earner: { session }, videoId: "tutorial-get-started" });
      if (watch === NO_SESSION) throw new Error("the direct start found no session");
      const completed = await completeWatch(handle.db, {
        earner: { session },
        watchId: watch.id,
        now: new Date(Date.now() + 5000),
      });
      if (completed === NO_SESSION) throw new Error("the direct completion found no session");
      const { userId, answer: done } = completed;
      if (!done.earned) throw new Error(`the direct award paid nothing: ${JSON.stringify(done)}`);
      // The route's streak step (withStreakBonus): it reads nothing when the award's answer says where today is.
      await afterEarning(handle.db, userId, done.earned, DEFAULT_STREAK_RULES);
    });
    const floor = await timed(async (i) => {
      const conn = await pool.connect();
      try {
        await conn.query("begin");
        await conn.query(
          "insert into coin_ledger (user_id, amount, kind, reason, cause_key) values ($1, 10, 'video_watch', 'Video watch', $2)",
          [users[i % users.length]!.id, `sql:${randomUUID()}`],
        );
        await conn.query("update user_profiles set points = points + 10 where id = $1", [
          users[i % users.length]!.id,
        ]);
        await conn.query("commit");
      } finally {
        conn.release();
      }
    });
    return { sql, floor };
  } finally {
    await handle.close();
  }
}

/** USERS users with a profile and a session each, written directly. */
async function sqlUsers(pool: pg.Pool): Promise<{ id: string; token: string }[]> {
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

/** `work` run back to back on CONNECTIONS concurrent loops for SECONDS: rate and latency. */
async function timed(work: (i: number) => Promise<void>): Promise<Throughput> {
  const latencies: number[] = [];
  const busy = machineBusySeconds();
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
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: latencies.length,
    cpuMsPerAward: cpuMsPerAward(busy, latencies.length),
  };
}
