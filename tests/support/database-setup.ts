import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { fromPGlite, fromPool } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";
import { prepareDatabase } from "~/server/prepare-database";

/**
 * Golden images, made once per test run: a migrated PGlite data dir (dumped to a tarball that each
 * test file loads) and, with TEST_DATABASE_URL, a migrated PostgreSQL template database that each
 * test file clones with CREATE DATABASE … TEMPLATE.
 */
export async function makePGliteGolden(runId: string): Promise<string> {
  const client = await createPGlite();
  const handle = fromPGlite(client);
  await prepareDatabase(handle.db);
  const dump = await client.dumpDataDir("gzip");
  const file = path.join(tmpdir(), `ple-golden-${runId}.tar.gz`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return file;
}

export function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function makePostgresGolden(testDatabaseUrl: string, runId: string): Promise<string> {
  const name = `ple_golden_${runId}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const handle = fromPool(new pg.Pool({ connectionString: adminUrl(testDatabaseUrl, name), max: 1 }));
  await prepareDatabase(handle.db);
  await handle.close();
  return name;
}

export async function dropPostgresDatabases(testDatabaseUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like $1",
    [`${prefix}%`],
  );
  for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  await admin.end();
}
