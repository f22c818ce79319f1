import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { buildConcurrentIndexes } from "./concurrent-indexes";
import { concurrentIndexes, migrations } from "./migrations/index";

/**
 * Applies the pending migrations (in one transaction) and then builds, outside any transaction, the indexes they
 * list to be built CONCURRENTLY (concurrent-indexes.ts). Returns the migrations applied and, as `index:<name>`, the
 * indexes built.
 */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`);
  }
  const indexes = await buildConcurrentIndexes(db, concurrentIndexes);
  return [...(results ?? []).map((r) => r.migrationName), ...indexes.map((name) => `index:${name}`)];
}
