import type { Kysely } from "kysely";
import { seedQuizContent } from "../quizzes/seed-content";
import { migrateToLatest } from "./migrate";

/**
 * What every start-up does to the database before serving (and what test databases are made with): apply
 * the migrations, then write the content the app owns (the quizzes). Both are safe to run concurrently from
 * several instances. Returns the migrations applied.
 */
export async function prepareDatabase<T>(db: Kysely<T>): Promise<string[]> {
  const applied = await migrateToLatest(db);
  await seedQuizContent(db as unknown as Kysely<unknown>);
  return applied;
}
