/**
 * The SQL side of `npm run bench:ledger` (bench/ledger.ts): the same statements as the two requests of a paid
 * watch (session lookup, start; session lookup, completion with its award, and the streak step, which sends a
 * statement only when the award's answer does not settle it), made by the server's own functions over `pg` without
 * HTTP (the ratio's denominator, ADR 049), and the reference rows (bench/ledger-load.ts): the database's floor and
 * the two-transaction floor. CONNECTIONS loops, each on the pool of CONNECTIONS connections; latencies are per
 * award (two requests' worth of statements), not per request.
 */
import pg from "pg";
import { DEFAULT_EARNING_LIMITS } from "~/core/earning";
import { DEFAULT_STREAK_RULES } from "~/core/streak";
import { NO_SESSION } from "~/server/auth/earner";
import { fromPool } from "~/server/db/client";
import { setLedgerPolicy } from "~/server/ledger/ledger-policy";
import { afterEarning } from "~/server/streaks/streaks.service";
import { completeWatch, startWatch } from "~/server/videos/videos.service";
import { benchFloors, CONNECTIONS, sqlUsers, type Throughput, timed } from "./ledger-load";

export {
  CONNECTIONS,
  clientCpuMsPerAward,
  cpuMsPerAward,
  machineBusySeconds,
  percentile,
  SECONDS,
  type Throughput,
  USERS,
} from "./ledger-load";

export async function benchSql(
  url: string,
): Promise<{ sql: Throughput; floor: Throughput; twoFloor: Throughput }> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  // An idle client ended by the server (the DROP … WITH (FORCE) after a failure) must not crash the run and hide
  // the error that caused it.
  pool.on("error", () => {});
  const handle = fromPool(pool);
  // Every watch pays: the ledger's allowance raised for this handle, as the server's BENCH env raises it.
  setLedgerPolicy(handle.db, { limits: { ...DEFAULT_EARNING_LIMITS, videoWatchesPerDay: 100_000 } });
  let sql: Throughput;
  try {
    const users = await sqlUsers(pool);
    sql = await timed(async (i) => {
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
  } finally {
    await handle.close();
  }
  return { sql, ...(await benchFloors(url)) };
}
