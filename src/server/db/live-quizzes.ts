import { sql } from "kysely";

/**
 * Where a quiz is live at `now` (docs/product.md, "Content operations"; ADR 115): published, its publish at come
 * (or none) and its retire at not yet (or none). The players' list, Today's quizzes, a round's start and the
 * dashboard's allowance all filter by this one condition; `quizState` in src/core/api/content.ts is the same rule
 * for one quiz.
 */
export const quizIsLive = (now: Date) =>
  sql<boolean>`(quizzes.status = 'published'
    and (quizzes.publish_at is null or quizzes.publish_at <= ${now})
    and (quizzes.retire_at is null or quizzes.retire_at > ${now}))`;
