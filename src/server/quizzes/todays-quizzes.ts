import type { TodaysQuizzes } from "~/core/api/quizzes";
import { utcDay } from "~/core/earning";
import { featuredOn } from "~/core/quiz/todays-quizzes";
import type { Database } from "../db/client";
import { quizIsLive } from "../db/live-quizzes";

/**
 * Today's quizzes (docs/product.md, "Quizzes"; ADR 117): the rotation of src/core/quiz/todays-quizzes.ts over the
 * quizzes live at `now` (the players' list's rule), in their order (position, then id), for now's UTC day.
 * Featuring changes nothing else: the daily limits count per quiz and day as before.
 */
export async function todaysQuizzes(
  db: Database,
  input: { userId: string | null; perDay: number; now?: Date },
): Promise<TodaysQuizzes> {
  const now = input.now ?? new Date();
  const day = utcDay(now);
  const live = await db
    .selectFrom("quizzes")
    .select("id")
    .where(quizIsLive(now))
    .orderBy("position")
    .orderBy("id")
    .execute();
  const featured = featuredOn(
    live.map((q) => q.id),
    day,
    input.perDay,
  );
  // A guest's rounds are stored without a player: nothing to count, so nothing is marked new.
  if (input.userId === null) return { day, quizzes: featured.map((id) => ({ id, new: false })) };
  const played = await playedOf(db, input.userId, featured);
  return { day, quizzes: featured.map((id) => ({ id, new: !played.has(id) })) };
}

/**
 * Which of `quizIds` the player has ever started a round of (paid or practice, any day): per quiz, one probe for a
 * first row in the (user_id, quiz_id, paid_day, paid_slot) index, which holds every row, practice ones too. A
 * lateral subquery with a limit, so the planner cannot turn it into a read of the player's whole history.
 */
async function playedOf(db: Database, userId: string, quizIds: readonly string[]): Promise<Set<string>> {
  if (quizIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("quizzes")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("quiz_sessions")
          .select("quiz_sessions.quiz_id")
          .where("quiz_sessions.user_id", "=", userId)
          .whereRef("quiz_sessions.quiz_id", "=", "quizzes.id")
          .limit(1)
          .as("played"),
      (join) => join.onTrue(),
    )
    .select("quizzes.id")
    .where("quizzes.id", "in", quizIds)
    .execute();
  return new Set(rows.map((r) => r.id));
}
