import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { type Database, type DatabaseHandle, fromPGlite } from "../db/client";
import { createPGlite } from "../db/pglite";
import {
  type BooksReport,
  checkBooks,
  migrationsNewerThanCode,
  newerSchemaMessage,
  unknownMigrations,
} from "./books";

/** A restore refused before writing anything: the message says why. */
export class RestoreRefused extends Error {}

/** Runs a PostgreSQL client program (pg_dump, pg_restore); resolves with its stdout, rejects with its stderr. */
export function runTool(program: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else reject(new Error(`${program} exited ${code}: ${Buffer.concat(err).toString("utf8").trim()}`));
    });
  });
}

/**
 * Backs up the database `handle` serves into `file`: PGlite's data dir as a gzipped tar (taken by the process
 * that holds it, between transactions), PostgreSQL as pg_dump's custom format (one snapshot of the whole database).
 */
export async function backupDatabase(
  handle: DatabaseHandle,
  file: string,
  databaseUrl?: string,
): Promise<void> {
  if (handle.kind === "postgres") {
    if (!databaseUrl) throw new Error("a PostgreSQL backup needs its DATABASE_URL");
    await runTool("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, `--dbname=${databaseUrl}`]);
    return;
  }
  if (!handle.dumpDataDir) throw new Error("this database handle cannot dump its data dir");
  const blob = await handle.dumpDataDir();
  await writeFile(file, Buffer.from(await blob.arrayBuffer()));
}

/** The migration names a pg_dump file records (the data of its kysely_migration table), read without loading it. */
export async function dumpMigrationNames(file: string): Promise<string[]> {
  const script = await runTool("pg_restore", ["--data-only", "--table=kysely_migration", "--file=-", file]);
  const names: string[] = [];
  let inCopy = false;
  for (const line of script.split("\n")) {
    if (line.startsWith("COPY ") && line.includes("kysely_migration")) inCopy = true;
    else if (inCopy && line === "\\.") inCopy = false;
    else if (inCopy) names.push(line.split("\t")[0] ?? "");
  }
  return names;
}

/** Whether the database has any table of its own (a restore goes only into a fresh one). */
async function hasTables(db: Database): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Restores a pg_dump file into the empty database at `databaseUrl`: refused (nothing written) when the dump comes
 * from a newer release or the target has tables; then loaded and its books checked.
 */
export async function restorePostgres(
  file: string,
  target: DatabaseHandle,
  databaseUrl: string,
): Promise<BooksReport> {
  const newer = migrationsNewerThanCode(await dumpMigrationNames(file));
  if (newer.length > 0) throw new RestoreRefused(newerSchemaMessage(newer));
  if (await hasTables(target.db))
    throw new RestoreRefused("the target database is not empty: restore into a fresh one");
  await runTool("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${databaseUrl}`, file]);
  return checkBooks(target.db);
}

/**
 * Restores a PGlite backup: the dump is first opened in memory and checked (schema version, books), so a refused
 * dump writes nothing; then written into `dataDir` (which must be absent or empty) when one is given. Answers the
 * restored handle (open on `dataDir`, or in memory) and its books.
 */
export async function restorePglite(
  file: string,
  dataDir?: string,
): Promise<{ handle: DatabaseHandle; books: BooksReport }> {
  if (dataDir && existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new RestoreRefused(`${dataDir} is not empty: restore into a fresh data dir`);
  const dump = new Blob([await readFile(file)]);
  const probe = fromPGlite(await createPGlite(undefined, { loadDataDir: dump }));
  try {
    const newer = await unknownMigrations(probe.db);
    if (newer.length > 0) throw new RestoreRefused(newerSchemaMessage(newer));
    if (!dataDir) return { handle: probe, books: await checkBooks(probe.db) };
  } catch (error) {
    await probe.close();
    throw error;
  }
  await probe.close();
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const handle = fromPGlite(await createPGlite(path.resolve(dataDir), { loadDataDir: dump }));
  return { handle, books: await checkBooks(handle.db) };
}
