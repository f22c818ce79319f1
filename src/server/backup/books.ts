import { sql } from "kysely";
import type { Database } from "../db/client";
import { migrations } from "../db/migrations/index";

/** What a restore checks once the data is loaded (README "Backups"): the books and the rows per table. */
export interface BooksReport {
  /** Profiles whose balance is not the sum of their ledger rows (none when the books are exact). */
  mismatched: number;
  profiles: number;
  ledgerSum: number;
  /** Rows per table of the public schema, by table name. */
  counts: Record<string, number>;
}

/** The migrations a database has run that this release does not know: a dump from a newer release when any. */
export async function unknownMigrations(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return migrationsNewerThanCode(rows.map((row) => row.name));
}

export function migrationsNewerThanCode(names: readonly string[]): string[] {
  return names.filter((name) => !(name in migrations));
}

/** The newest migration this release knows: the schema version a backup records and a restore accepts. */
export const newestKnownMigration = (): string => Object.keys(migrations).sort().at(-1) ?? "";

export function newerSchemaMessage(newer: readonly string[]): string {
  return (
    `the dump's schema is newer than this release (it ran ${newer.join(", ")}; this release knows up to ` +
    `${newestKnownMigration()}): restore it with the release that made it. Nothing was written.`
  );
}

/** Every balance against its ledger sum, and the rows of every table, read in one transaction. */
export async function checkBooks(db: Database): Promise<BooksReport> {
  return db.transaction().execute(async (trx) => {
    const books = await sql<{ mismatched: number; profiles: number; total: number }>`
      select count(*) filter (where p.points <> coalesce(l.total, 0))::int as mismatched,
        count(*)::int as profiles, coalesce(sum(l.total), 0)::bigint as total
      from user_profiles p
      left join (select user_id, sum(amount) as total from coin_ledger group by user_id) l on l.user_id = p.id`.execute(
      trx,
    );
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(trx);
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(
        trx,
      );
      counts[name] = rows[0]?.n ?? 0;
    }
    const row = books.rows[0];
    return {
      mismatched: row?.mismatched ?? 0,
      profiles: row?.profiles ?? 0,
      ledgerSum: Number(row?.total ?? 0),
      counts,
    };
  });
}
