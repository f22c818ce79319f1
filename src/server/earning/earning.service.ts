import { sql } from "kysely";
import type { Allowance } from "~/core/api/earning";
import { nextUtcMidnight, utcDay } from "~/core/earning";
import type { Database } from "../db/client";
import { ledgerPolicy } from "../ledger/ledger-policy";

/**
 * The user's allowance today (docs/product.md, "Fair earning"): what each daily limit has used and left. The
 * counts come from the same rows the limits are decided on — ledger rows by their limit key, and paid quiz
 * sessions by their day — so the panel can never disagree with what the server pays.
 */
export async function getAllowance(db: Database, userId: string, now: Date = new Date()): Promise<Allowance> {
  // The limits the ledger's awards are held to: the panel shows what the server enforces.
  const { limits } = ledgerPolicy(db);
  const day = utcDay(now);
  const ledger = await db
    .selectFrom("coin_ledger")
    .select(["limit_key"])
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("limit_key", "like", `%:${day}`)
    .groupBy("limit_key")
    .execute();
  const used = new Map(ledger.map((r) => [r.limit_key ?? "", Number(r.n)]));
  const quizzes = await db
    .selectFrom("quizzes")
    .leftJoin("quiz_sessions", (join) =>
      join
        .onRef("quiz_sessions.quiz_id", "=", "quizzes.id")
        .on("quiz_sessions.user_id", "=", userId)
        .on("quiz_sessions.paid_day", "=", day),
    )
    .select("quizzes.id")
    .select((eb) => eb.fn.count<string>("quiz_sessions.id").as("n"))
    .groupBy(["quizzes.id", "quizzes.position"])
    .orderBy("quizzes.position")
    .execute();
  // The allowances' keys as the award builds them (SQL ledger_limit_key, migration 0160).
  const videos = await db
    .selectFrom("videos")
    .select("id")
    .select(sql<string>`ledger_limit_key('video_watch', id, ${now})`.as("limit_key"))
    .orderBy("position")
    .orderBy("id")
    .execute();
  const { rows: wins } = await sql<{
    key: string;
  }>`select ledger_limit_key('ttt_win', null, ${now}) as key`.execute(db);
  const left = (limit: number, n: number) => Math.max(0, limit - n);
  const paidWins = used.get(wins[0]?.key ?? "") ?? 0;
  return {
    day,
    resetsAt: nextUtcMidnight(now).toISOString(),
    limits,
    ticTacToe: { paidWins, left: left(limits.tttWinsPerDay, paidWins) },
    quizzes: quizzes.map((q) => ({
      quizId: q.id,
      paidSessions: Number(q.n),
      left: left(limits.quizSessionsPerDay, Number(q.n)),
    })),
    videos: videos.map((v) => {
      const n = used.get(v.limit_key) ?? 0;
      return { videoId: v.id, paidWatches: n, left: left(limits.videoWatchesPerDay, n) };
    }),
  };
}
