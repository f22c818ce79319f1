import type { Kysely } from "kysely";
import { migrateToLatest } from "./db/migrate";
import { seedQuizContent } from "./quizzes/seed-content";

/**
 * Outside db/ (which knows only the client, the schema and the migrations): what every start-up does to the database before serving (and what test databases are made with): apply
 * the migrations, then write the content the app owns (the quizzes). Both are safe to run concurrently from
 * several instances. Returns the migrations applied.
 */
export async function prepareDatabase<T>(db: Kysely<T>): Promise<string[]> {
  const applied = await migrateToLatest(db);
  await seedQuizContent(db as unknown as Kysely<unknown>);
  return applied;
}
