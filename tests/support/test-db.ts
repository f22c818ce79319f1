import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, fromPGlite, fromPool } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";
import { adminUrl } from "./database-setup";

let counter = 0;

/**
 * A fresh, migrated database for one test file: a PGlite copy of the golden image, or a clone of the PostgreSQL
 * template. `empty`: a database with nothing in it instead (a new PGlite, a new PostgreSQL database), for a test
 * of what the migrations make.
 */
export async function openTestDatabase(
  options: { poolMax?: number; empty?: boolean } = {},
): Promise<DatabaseHandle & { url?: string }> {
  if (inject("dbKind") === "postgres") {
    const base = inject("postgresUrl");
    const name = `ple_t_${inject("runId")}_${process.pid}_${++counter}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(
      `create database ${name}${options.empty ? "" : ` template ${inject("postgresGolden")}`}`,
    );
    await admin.end();
    const url = adminUrl(base, name);
    const handle = fromPool(new pg.Pool({ connectionString: url, max: options.poolMax ?? 20 }));
    return { ...handle, url };
  }
  if (options.empty) return fromPGlite(await createPGlite());
  const dump = await readFile(inject("pgliteGolden"));
  const client = await createPGlite(undefined, { loadDataDir: new Blob([dump]) });
  return fromPGlite(client);
}
