import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { buildConcurrentIndexes, type ConcurrentIndex } from "./concurrent-indexes";
import { migrations as allMigrations, concurrentIndexes } from "./migrations/index";

/**
 * How long a migration's statement may wait for a lock before it gives up (README "Upgrading"): a long reader (a
 * pg_dump, a report) makes the migration wait and retry, never the writers queued behind its lock request.
 */
const LOCK_TIMEOUT = "500ms";
const ATTEMPTS = 12;
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 8_000;

export interface MigrateOptions {
  /** The migrations to apply (all of them unless a test says otherwise). */
  migrations?: Readonly<Record<string, Migration>>;
  /**
   * The indexes to build CONCURRENTLY after them (those of all the migrations unless a caller says otherwise: the
   * migrations bench applies one migration at a time and builds the indexes as a step of its own).
   */
  concurrentIndexes?: readonly ConcurrentIndex[];
  lockTimeout?: string;
  attempts?: number;
  firstBackoffMs?: number;
}

/** Each migration first sets `lock_timeout` for the rest of the migrations' transaction. */
function withLockTimeout(migration: Migration, lockTimeout: string): Migration {
  return {
    up: async (db) => {
      await sql`select set_config('lock_timeout', ${lockTimeout}, true)`.execute(db);
      await migration.up(db);
    },
  };
}

async function executedNames<T>(db: Kysely<T>): Promise<string[]> {
  const { rows } = await sql<{
    present: boolean;
  }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return [];
  const executed = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return executed.rows.map((row) => row.name);
}

const lockTimedOut = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "55P03";

/** A lock wait that timed out, or a deadlock in which the migration was the one rolled back: worth another try. */
const retryable = (error: unknown) => lockTimedOut(error) || (error as { code?: unknown })?.code === "40P01";

function migratorOf<T>(
  db: Kysely<T>,
  known: Readonly<Record<string, Migration>>,
  newer: string[],
  lockTimeout: string,
) {
  const wrapped: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(known))
    wrapped[name] = withLockTimeout(migration, lockTimeout);
  for (const name of newer) wrapped[name] = { up: async () => {} };
  return new Migrator({
    db,
    provider: { getMigrations: async () => wrapped },
    allowUnorderedMigrations: true,
  });
}

/**
 * Applies the pending migrations, **each in its own transaction** (so the locks one takes are released before the
 * next waits for its own), and then builds, outside any transaction, the indexes they list to be built
 * CONCURRENTLY (concurrent-indexes.ts). Returns the migrations applied, as `index:<name>` the indexes built, and as
 * `newer:<name>` the migrations the database has that this release does not know.
 *
 * Old beside new: a database one release ahead (a rolling upgrade, a rollback) is served, not refused: the
 * migrations it ran that this release lacks are taken as done. A migration that times out waiting for a lock (or
 * is the one a deadlock rolls back) rolls back whole and is tried again after a growing pause; the writers it made
 * wait go on meanwhile.
 */
export async function migrateToLatest<T>(db: Kysely<T>, options: MigrateOptions = {}): Promise<string[]> {
  const known = options.migrations ?? allMigrations;
  const lockTimeout = options.lockTimeout ?? LOCK_TIMEOUT;
  const attempts = options.attempts ?? ATTEMPTS;
  const applied: string[] = [];
  let newer: string[] = [];
  let backoff = options.firstBackoffMs ?? FIRST_BACKOFF_MS;
  for (let attempt = 1; ; ) {
    newer = (await executedNames(db)).filter((name) => !(name in known));
    const { error, results } = await migratorOf(db, known, newer, lockTimeout).migrateUp();
    if (!error) {
      if (!results?.length) break;
      applied.push(...results.map((r) => r.migrationName));
      attempt = 1;
      backoff = options.firstBackoffMs ?? FIRST_BACKOFF_MS;
      continue;
    }
    if (retryable(error) && attempt < attempts) {
      await new Promise((resolve) => setTimeout(resolve, backoff));
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      attempt++;
      continue;
    }
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`);
  }
  const indexes = await buildConcurrentIndexes(db, options.concurrentIndexes ?? concurrentIndexes);
  return [...applied, ...indexes.map((name) => `index:${name}`), ...newer.map((name) => `newer:${name}`)];
}
