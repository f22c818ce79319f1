import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * THE way to open a PGlite database (the server, tests, benches): with the extensions the migrations create
 * (pg_trgm for the console's e-mail search, migration 0230). A data dir that has them installed cannot be written
 * by a PGlite opened without them ("could not access file pg_trgm"), so nothing opens PGlite another way.
 */
export function createPGlite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...options,
    extensions: { pg_trgm, ...options.extensions },
  });
}
