import type { Kysely } from "kysely";
import { migrateToLatest } from "./db/migrate";
import { applySqlFunctions, readSqlFunctions, sqlFunctionsDir } from "./db/sql-functions";
import { seedQuizContent } from "./quizzes/seed-content";

/** The domains whose SQL functions live in `src/server/<domain>/sql/*.sql` (db/sql-functions.ts). */
export const SQL_FUNCTION_DOMAINS = ["ledger"];

/** This release's SQL function files, every domain's. */
export const sqlFunctionFiles = () =>
  SQL_FUNCTION_DOMAINS.flatMap((domain) => readSqlFunctions(sqlFunctionsDir(domain)));

/**
 * Outside db/ (which knows only the client, the schema, the migrations and the function files' step): what every
 * start-up does to the database before serving (and what test databases are made with): apply the migrations
 * (the schema), then the SQL functions whose files changed (one repeatable step, keyed by their content: ADR 067),
 * then give a fresh install its starting quizzes (once: a restart never overwrites an operator's edit). All are safe to run concurrently from several instances.
 * Returns the migrations applied and, as `sql:<name>`, the functions applied.
 */
export async function prepareDatabase<T>(db: Kysely<T>): Promise<string[]> {
  const applied = await migrateToLatest(db);
  const functions = await applySqlFunctions(db, sqlFunctionFiles());
  await seedQuizContent(db as unknown as Kysely<unknown>);
  return [...applied, ...functions.map((name) => `sql:${name}`)];
}
