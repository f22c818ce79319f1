import { sql } from "kysely";
import type { Allowance } from "~/core/api/earning";
import { nextUtcMidnight, utcDay } from "~/core/earning";
import { QUIZ_SESSION_TTL_MS } from "~/core/quiz/scoring";
import type { Database } from "../db/client";
import { quizIsLive } from "../db/live-quizzes";
import { ledgerPolicy } from "../ledger/ledger-policy";

/**
 * The user's allowance today (docs/product.md, "Fair earning"): what each daily limit has used and left. The
 * counts are the ones the limits are decided on — the award's allowance counters (`ledger_allowances`, keyed by
 * SQL `ledger_limit_key`, ledger/sql/ledger-limit-key.sql), and paid quiz sessions by their day — so the panel can never disagree
 * with what the server pays.
 */
export async function getAllowance(db: Database, userId: string, now: Date = new Date()): Promise<Allowance> {
  // The limits the ledger's awards are held to: the panel shows what the server enforces.
  const { limits } = ledgerPolicy(db);
  const day = utcDay(now);
  // Today's wins (video null) and each video's watches, in the catalogue's order, from the award's counters.
  const { rows: counters } = await sql<{ video_id: string | null; used: number }>`
    select k.video_id, coalesce(a.used, 0) as used from (
      select null::text as video_id, -1 as position, ledger_limit_key('ttt_win', null, ${now}) as limit_key
      union all
      select v.id, v.position, ledger_limit_key('video_watch', v.id, ${now}) from videos v) k
    left join ledger_allowances a on a.user_id = ${userId} and a.limit_key = k.limit_key
    order by k.position, k.video_id`.execute(db);
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
    // Only the quizzes a player can play now: a draft, scheduled or retired quiz has no allowance line (ADR 115).
    .where(quizIsLive(now))
    .groupBy(["quizzes.id", "quizzes.position"])
    .orderBy("quizzes.position")
    .execute();
  const rounds = await openPaidRounds(db, userId, now);
  const left = (limit: number, n: number) => Math.max(0, limit - n);
  const paidWins = counters.find((c) => c.video_id === null)?.used ?? 0;
  return {
    day,
    resetsAt: nextUtcMidnight(now).toISOString(),
    limits,
    ticTacToe: { paidWins, left: left(limits.tttWinsPerDay, paidWins) },
    quizzes: quizzes.map((q) => ({
      quizId: q.id,
      paidSessions: Number(q.n),
      left: left(limits.quizSessionsPerDay, Number(q.n)),
      round: rounds.get(q.id) ?? null,
    })),
    videos: counters.flatMap((c) =>
      c.video_id === null
        ? []
        : [{ videoId: c.video_id, paidWatches: c.used, left: left(limits.videoWatchesPerDay, c.used) }],
    ),
  };
}

/**
 * The user's paid quiz rounds started and not finished that can still be answered, by quiz (the newest): the
 * 'Resume' of /quizzes and the dashboard (docs/product.md, "Quizzes"). A round lives less than a day, so only
 * today's and yesterday's paid rounds are read (the unique index on user, quiz, paid day and slot).
 */
async function openPaidRounds(db: Database, userId: string, now: Date) {
  const rows = await db
    .selectFrom("quiz_sessions as s")
    .select(["s.id", "s.quiz_id", "s.items", "s.expires_at"])
    .select((eb) =>
      eb
        .selectFrom("quiz_answers as a")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("a.session_id", "=", "s.id")
        .as("answered"),
    )
    .where("s.user_id", "=", userId)
    .where("s.paid_day", ">=", utcDay(new Date(now.getTime() - QUIZ_SESSION_TTL_MS)))
    .where("s.practice", "=", false)
    .where("s.completed_at", "is", null)
    .where("s.expires_at", ">", now)
    .orderBy("s.created_at")
    .execute();
  return new Map(
    rows.map((r) => [
      r.quiz_id,
      {
        sessionId: r.id,
        answered: Number(r.answered ?? 0),
        total: r.items.length,
        expiresAt: new Date(r.expires_at).toISOString(),
      },
    ]),
  );
}
