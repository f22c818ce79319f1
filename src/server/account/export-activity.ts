import type { Database } from "../db/client";
import { arrayOf, iso, pages } from "./export-stream";

/** The data download's activity sections (export.service.ts), each a JSON array read a page at a time. */

/** The tic-tac-toe games. */
export function gamesOf(db: Database, userId: string) {
  return arrayOf(
    "games",
    pages(
      (after: string | null, limit) =>
        db
          .selectFrom("games")
          .select(["id", "board", "status", "created_at", "finished_at", "unpaid_reason"])
          .where("user_id", "=", userId)
          .$if(after !== null, (q) => q.where("id", ">", after!))
          .orderBy("id")
          .limit(limit)
          .execute(),
      (r) => r.id,
    ),
    (g) => ({
      id: g.id,
      game: "tic-tac-toe",
      board: g.board,
      status: g.status,
      startedAt: iso(g.created_at),
      finishedAt: iso(g.finished_at),
      unpaidReason: g.unpaid_reason,
    }),
  );
}

/** A page of quiz sessions, each with its answers. */
async function quizSessionPage(db: Database, userId: string, after: string | null, limit: number) {
  const sessions = await db
    .selectFrom("quiz_sessions")
    .select(["id", "quiz_id", "created_at", "completed_at", "practice"])
    .where("user_id", "=", userId)
    .$if(after !== null, (q) => q.where("id", ">", after!))
    .orderBy("id")
    .limit(limit)
    .execute();
  const answers = sessions.length
    ? await db
        .selectFrom("quiz_answers")
        .select(["session_id", "question_id", "chosen", "correct", "answered_at"])
        .where(
          "session_id",
          "in",
          sessions.map((s) => s.id),
        )
        .orderBy("answered_at")
        .execute()
    : [];
  return sessions.map((s) => ({ ...s, answers: answers.filter((a) => a.session_id === s.id) }));
}

/** The quiz sessions and their answers. */
export function quizSessionsOf(db: Database, userId: string) {
  return arrayOf(
    "quizSessions",
    pages(
      (after: string | null, limit) => quizSessionPage(db, userId, after, limit),
      (r) => r.id,
    ),
    (s) => ({
      id: s.id,
      quiz: s.quiz_id,
      startedAt: iso(s.created_at),
      completedAt: iso(s.completed_at),
      practice: s.practice,
      answers: s.answers.map((a) => ({
        question: a.question_id,
        chosen: a.chosen,
        correct: a.correct,
        answeredAt: iso(a.answered_at),
      })),
    }),
  );
}

/** The videos watched. */
export function videoWatchesOf(db: Database, userId: string) {
  return arrayOf(
    "videoWatches",
    pages(
      (after: string | null, limit) =>
        db
          .selectFrom("video_watches")
          .select(["id", "video_id", "started_at", "completed_at"])
          .where("user_id", "=", userId)
          .$if(after !== null, (q) => q.where("id", ">", after!))
          .orderBy("id")
          .limit(limit)
          .execute(),
      (r) => r.id,
    ),
    (w) => ({ id: w.id, video: w.video_id, startedAt: iso(w.started_at), completedAt: iso(w.completed_at) }),
  );
}
