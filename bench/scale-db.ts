/**
 * The databases of `npm run bench:scale`: created on the server of the admin URL when missing, migrated by the
 * app's own start-up step (prepareDatabase: migrations, SQL functions, quiz content) or by the caller's (the
 * migrations bench makes the previous release's schema: bench/migrations-previous.ts), and loaded to a size unless
 * `reuse` finds them loaded at that size already (then only the migrations run, which may build new indexes on the
 * loaded tables, as a deploy would).
 */
import { sql } from "kysely";
import pg from "pg";
import { fromPool } from "~/server/db/client";
import { prepareDatabase } from "~/server/prepare-database";
import { rebuildRollups } from "~/server/rollups/rollups-rebuild";
import { invariantBreaches, type LoadedSize, loadedSize, loadScale } from "./scale-load";
import type { ScaleSize } from "./scale-plan";

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function recreateDatabase(adminUrl: string, name: string, keep: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount && keep) return;
    if (exists.rowCount) await admin.query(`drop database "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

/** Applies the app's migrations; returns the ones applied and how long they took (ms). */
export async function migrate(url: string): Promise<{ applied: string[]; ms: number }> {
  const handle = fromPool(new pg.Pool({ connectionString: url, max: 2 }));
  const started = performance.now();
  try {
    const applied = await prepareDatabase(handle.db);
    return { applied, ms: performance.now() - started };
  } finally {
    await handle.close();
  }
}

/** The daily rollups recomputed from the loaded ledger (the app's own rebuild), where the schema has them. */
async function rebuildRollupsOf(url: string, log: (line: string) => void): Promise<void> {
  const handle = fromPool(new pg.Pool({ connectionString: url, max: 2 }));
  try {
    const exists = await sql<{ t: string | null }>`select to_regclass('rollup_days')::text as t`.execute(
      handle.db,
    );
    if (!exists.rows[0]?.t) return;
    const started = performance.now();
    await rebuildRollups(handle.db);
    log(`  rollups rebuilt from the ledger: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
}

export interface Prepared {
  url: string;
  size: LoadedSize;
  /** Whether this run loaded it (else it was reused). */
  loaded: boolean;
  migrations: { applied: string[]; ms: number };
}

export async function prepareScaleDatabase(
  adminUrl: string,
  name: string,
  size: ScaleSize,
  options: {
    reuse: boolean;
    log?: (line: string) => void;
    /** How the schema is made before the load (default the app's start-up step: migrate above). */
    migrate?: (url: string) => Promise<{ applied: string[]; ms: number }>;
  },
): Promise<Prepared> {
  const log = options.log ?? console.log;
  const url = databaseUrl(adminUrl, name);
  await recreateDatabase(adminUrl, name, options.reuse);
  const before = options.reuse ? await loadedSize(url) : null;
  const reusable = before && before.users === size.users && before.ledgerRows === size.ledgerRows;
  if (options.reuse && !reusable) {
    log(`${name}: not loaded at this size (${before ? `${before.users} users` : "empty"}); loading it again`);
    await recreateDatabase(adminUrl, name, false);
  }
  const migrations = await (options.migrate ?? migrate)(url);
  if (migrations.applied.length)
    log(`${name}: applied ${migrations.applied.join(", ")} in ${(migrations.ms / 1000).toFixed(1)} s`);
  if (reusable) return { url, size: before, loaded: false, migrations };
  const loaded = await loadScale(url, size, log);
  await rebuildRollupsOf(url, log);
  const breaches = await invariantBreaches(url);
  const broken = Object.entries(breaches).filter(([, n]) => n !== 0);
  if (broken.length)
    throw new Error(`${name}: invariants broken after the load: ${JSON.stringify(breaches)}`);
  log(
    `${name}: loaded ${loaded.ledgerRowsLoaded} ledger rows in ${loaded.loadSeconds.toFixed(0)} s; invariants hold`,
  );
  return { url, size: loaded, loaded: true, migrations };
}
