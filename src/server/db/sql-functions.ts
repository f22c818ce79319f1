import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";

/**
 * The repeatable step that puts the server's SQL functions in place (ADR 067): each function lives in its own
 * `.sql` file beside the TypeScript that calls it (`src/server/<domain>/sql/<name>.sql`, one
 * `create or replace function` each), read and reviewed as SQL. Migrations keep the schema; this step runs after
 * them on every start-up (prepare-database.ts) and applies the files whose content hash differs from the one
 * recorded in `sql_functions` (migration 0190): each one's function's old versions are dropped (whatever their
 * arguments and result) and the file is run — all of them in one transaction under an advisory lock, with their
 * new hashes, so the set of functions changes at once for every caller. So a change to a
 * function is one diff of its file, and instances starting together apply it once. Unchanged files cost one
 * read of `sql_functions`.
 */

export interface SqlFunctionFile {
  /** The function's name (from its `create or replace function` line). */
  name: string;
  /** The file's text: one statement. */
  text: string;
  /** sha256 of the text, hex. */
  hash: string;
}

const CREATE = /create\s+or\s+replace\s+function\s+([a-z_][a-z0-9_]*)\s*\(/gi;

/** Parses one function file: exactly one `create or replace function <name>(`. */
export function sqlFunctionFile(text: string, file = "sql"): SqlFunctionFile {
  const names = [...text.matchAll(CREATE)].map((m) => (m[1] ?? "").toLowerCase());
  const name = names[0];
  if (names.length !== 1 || !name)
    throw new Error(`${file}: a function file holds exactly one "create or replace function"`);
  return { name, text, hash: createHash("sha256").update(text).digest("hex") };
}

/**
 * Where a domain's SQL files are: beside its TypeScript when run from the sources (tsx, Vitest), or
 * `dist/server/sql/<domain>/` in the build (scripts/build.mjs copies them; this code may run from
 * dist/server/ or from a chunk in dist/server/chunks/).
 */
export function sqlFunctionsDir(domain: string, here: string = import.meta.dirname): string {
  const candidates = [
    path.join(here, "..", domain, "sql"),
    path.join(here, "sql", domain),
    path.join(here, "..", "sql", domain),
  ];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`no SQL functions of ${domain} in ${candidates.join(", ")}`);
  return found;
}

/** Every `.sql` file of `dir`, by name. */
export function readSqlFunctions(dir: string): SqlFunctionFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => sqlFunctionFile(readFileSync(path.join(dir, file), "utf8"), file));
}

/** Drops every version of the file's function, runs the file and records its hash, in `trx`. */
async function applyIn<T>(trx: Kysely<T>, file: SqlFunctionFile): Promise<void> {
  const { rows: versions } = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where p.proname = ${file.name} and n.nspname = current_schema()`.execute(trx);
  for (const { signature } of versions) await sql.raw(`drop function ${signature}`).execute(trx);
  await sql.raw(file.text).execute(trx);
  await sql`insert into sql_functions (name, hash) values (${file.name}, ${file.hash})
    on conflict (name) do update set hash = excluded.hash, applied_at = now()`.execute(trx);
}

/** Applies the files whose hash is not the recorded one; returns the names of the functions it applied. */
export async function applySqlFunctions<T>(
  db: Kysely<T>,
  files: readonly SqlFunctionFile[],
): Promise<string[]> {
  const read = async (q: Kysely<T>) =>
    new Map(
      (await sql<{ name: string; hash: string }>`select name, hash from sql_functions`.execute(q)).rows.map(
        (r) => [r.name, r.hash],
      ),
    );
  const recorded = await read(db);
  if (files.every((file) => recorded.get(file.name) === file.hash)) return [];
  // The changed files together, in one transaction: a function that calls another (the award calls the debt's
  // repayment) never meets the other's old version or its absence, also in a release still serving beside this one.
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('sql_functions', 0))`.execute(trx);
    const now = await read(trx);
    const changed = files.filter((file) => now.get(file.name) !== file.hash);
    for (const file of changed) await applyIn(trx, file);
    return changed.map((file) => file.name);
  });
}
