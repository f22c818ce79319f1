import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { type Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Env } from "../env";
import type { DB } from "./schema";
import { ScopedKysely } from "./transaction-scope";

/**
 * The one database-handle type: the pool or a transaction (Kysely's Transaction<DB> is a Kysely<DB>), whatever a
 * statement runs on. Code that must run inside its caller's transaction takes Kysely's own Transaction<DB>.
 */
export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The connections now (the /metrics pool gauges); absent on a handle that shares another's database. */
  poolStats?: () => PoolStats;
  /**
   * PGlite only: its whole data dir as a gzipped tar, taken between two transactions (it holds the one connection
   * while it copies), so the copy is consistent while the server keeps serving (README "Backups").
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** A pool's connections: running a query or transaction, open and idle, requests waiting for one, the most it opens. */
export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

// count(*) and bigint columns come back as strings from pg; int8 fits a JS number for our sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** How long a new PostgreSQL connection may take before the query fails (and the request answers 503). */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * pg emits 'error' on an idle pooled client, and on a checked-out client between queries, when the server
 * closes its connection (restart, crash, network): without a listener that event kills the process. Both go to
 * `onConnectionError`; the broken client is dropped by the pool and the next query opens a new connection.
 */
function handleConnectionErrors(pool: pg.Pool, onConnectionError: (error: Error) => void) {
  pool.on("error", (error) => onConnectionError(error));
  pool.on("connect", (client) => {
    client.on("error", (error) => onConnectionError(error));
  });
}

/** At most this many statements are kept prepared per connection; later new texts run unprepared. */
export const PREPARED_PER_CONNECTION = 500;

/**
 * Every statement with parameters is prepared once per connection and then only bound and executed (pg's named
 * statements, named by a hash of the text): PostgreSQL parses and plans it once instead of on every call, which
 * halved the cost of a session read in the earning benchmark (ADR 062). Kysely makes the same text for the same
 * query, so the set of texts is the app's queries. Statements without parameters (transaction control, the
 * migrations' DDL, which may hold several commands) run as they are. A connection pooler in front of PostgreSQL
 * must then keep prepared statements per client (PgBouncer ≥ 1.21 with max_prepared_statements, or session mode).
 */
function prepareStatements(pool: pg.Pool) {
  // A statement's name by its text, shared by the connections: a SHA-1 of the text on every call showed in the
  // earning path's profile (ADR 120). The texts are the app's queries; the map starts again past its bound.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      if (names.size >= PREPARED_PER_CONNECTION * 4) names.clear();
      name = `ple_${createHash("sha1").update(text).digest("base64url")}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on("connect", (client) => {
    const prepared = new Set<string>();
    // Texts whose prepared form PostgreSQL refused since (a migration changed the columns it returns: 0A000
    // "cached plan must not change result type"): they run unprepared on this connection from then on.
    const stale = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(client, {
      query(text: unknown, values?: unknown, callback?: unknown) {
        if (typeof text !== "string" || !Array.isArray(values) || values.length === 0 || callback)
          return query(text, values, callback);
        const name = nameOf(text);
        if (stale.has(name)) return query(text, values);
        if (!prepared.has(name)) {
          if (prepared.size >= PREPARED_PER_CONNECTION) return query(text, values);
          prepared.add(name);
        }
        return query({ name, text, values }).catch((error: unknown) => {
          if ((error as { code?: unknown } | null)?.code === "0A000") stale.add(name);
          throw error;
        });
      },
    });
  });
}

export function fromPool(
  pool: pg.Pool,
  onConnectionError: (error: Error) => void = () => {},
): DatabaseHandle {
  handleConnectionErrors(pool, onConnectionError);
  prepareStatements(pool);
  const db = new ScopedKysely({ dialect: new PostgresDialect({ pool }) });
  const poolStats = () => ({
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  });
  return { db, kind: "postgres", poolStats, close: () => db.destroy() };
}

/**
 * PGlite has one connection, which the dialect's driver lends to one query or transaction at a time and queues the
 * rest: its pool figures are that connection (in use or idle) and the queue (waiting).
 */
export function fromPGlite(client: PGlite): DatabaseHandle {
  let driver: { connection?: unknown; queue?: unknown[] } | undefined;
  const dialect = new PGliteDialect(client);
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => {
    const made = createDriver();
    driver = made as { connection?: unknown; queue?: unknown[] };
    return made;
  };
  const db = new ScopedKysely({ dialect });
  const poolStats = () => {
    const inUse = driver?.connection === undefined ? 0 : 1;
    return { inUse, idle: 1 - inUse, waiting: driver?.queue?.length ?? 0, max: 1 };
  };
  const dumpDataDir = () => db.connection().execute(async () => (await client.dumpDataDir("gzip")) as Blob);
  return { db, kind: "pglite", poolStats, dumpDataDir, close: () => db.destroy() };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite files under DATA_DIR. */
export async function openDatabase(
  env: Pick<Env, "databaseUrl" | "databasePoolMax" | "dataDir">,
  options: { onConnectionError?: (error: Error) => void } = {},
): Promise<DatabaseHandle> {
  if (env.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: env.databaseUrl,
      max: env.databasePoolMax,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    return fromPool(pool, options.onConnectionError);
  }
  const dir = path.resolve(env.dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  // Loaded only here: a server on PostgreSQL never holds PGlite's module in memory.
  const [{ PGlite }, { createPGlite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("./pglite"),
  ]);
  return fromPGlite(
    await createPGlite(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_BUFFER_CACHE] }),
  );
}

/**
 * Added to PGlite's own start parameters: a smaller buffer cache. PGlite's PostgreSQL runs inside this process's
 * WebAssembly memory, which never shrinks, so the default 128 MB of shared buffers ends up resident once the data
 * has been read (measured in a small script: ~400 MiB RSS after a small workload, ~280 MiB with 32 MB).
 * The embedded database is the zero-setup default for small installs; PostgreSQL is the production one.
 */
const PGLITE_BUFFER_CACHE = ["-c", "shared_buffers=32MB"];
