import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Env } from "../env";
import type { DB } from "./schema";
import { ScopedKysely } from "./transaction-scope";

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

// count(*) and bigint columns come back as strings from pg; int8 fits a JS number for our sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function fromPool(pool: pg.Pool): DatabaseHandle {
  const db = new ScopedKysely({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: "postgres", close: () => db.destroy() };
}

export function fromPGlite(client: PGlite): DatabaseHandle {
  const db = new ScopedKysely({ dialect: new PGliteDialect(client) });
  return { db, kind: "pglite", close: () => db.destroy() };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite files under DATA_DIR. */
export async function openDatabase(
  env: Pick<Env, "databaseUrl" | "databasePoolMax" | "dataDir">,
): Promise<DatabaseHandle> {
  if (env.databaseUrl) {
    const pool = new pg.Pool({ connectionString: env.databaseUrl, max: env.databasePoolMax });
    return fromPool(pool);
  }
  const dir = path.resolve(env.dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  return fromPGlite(await PGlite.create(dir));
}
