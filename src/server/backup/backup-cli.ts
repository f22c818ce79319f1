import path from "node:path";
import { openDatabase } from "../db/client";
import { loadEnvOrExit } from "../load-env";
import { backupDatabase, RestoreRefused, restorePglite, restorePostgres } from "./backup";
import { type BooksReport, newestKnownMigration } from "./books";
import { backupSocketPath, requestBackup } from "./running-backup.service";

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (README "Backups"). PostgreSQL (DATABASE_URL): pg_dump's
 * custom format while the servers run; a restore goes into the fresh, empty database DATABASE_URL names. PGlite:
 * a running server takes the backup itself, asked through its local socket (running-backup.service.ts, ADR 108); with no
 * server running the CLI opens DATA_DIR's database (one process owns a PGlite data dir, ADR 102); a restore writes
 * DATA_DIR/pglite, which must be absent or empty (the server stopped).
 */
function printBooks(books: BooksReport) {
  for (const [table, rows] of Object.entries(books.counts)) console.log(`${table.padEnd(36)} ${rows}`);
  console.log(
    `profiles ${books.profiles}, ledger sum ${books.ledgerSum}, balances off their ledger sum: ${books.mismatched}`,
  );
}

async function backup(file: string) {
  const env = loadEnvOrExit();
  // A running PGlite server takes the backup itself (running-backup.service.ts); with none running the CLI opens the data dir.
  if (!env.databaseUrl && (await requestBackup(backupSocketPath(env.dataDir), file))) {
    console.log(
      `Backed up the running server's pglite database (schema up to ${newestKnownMigration()}) to ${file}.`,
    );
    return;
  }
  const handle = await openDatabase(env);
  try {
    await backupDatabase(handle, file, env.databaseUrl);
    console.log(`Backed up the ${handle.kind} database (schema up to ${newestKnownMigration()}) to ${file}.`);
  } finally {
    await handle.close();
  }
}

async function restore(file: string): Promise<boolean> {
  const env = loadEnvOrExit();
  if (env.databaseUrl) {
    const target = await openDatabase(env);
    try {
      const books = await restorePostgres(file, target, env.databaseUrl);
      printBooks(books);
      return books.mismatched === 0;
    } finally {
      await target.close();
    }
  }
  const { handle, books } = await restorePglite(file, path.resolve(env.dataDir, "pglite"));
  await handle.close();
  printBooks(books);
  return books.mismatched === 0;
}

const [command, file] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !file) {
  console.error("usage: npm run backup -- <file> | npm run restore -- <file>");
  process.exit(2);
}
try {
  if (command === "backup") await backup(file);
  else if (!(await restore(file))) {
    console.error("Restored, but some balances are not their ledger sum: do not serve this database.");
    process.exitCode = 1;
  } else console.log("Restored; the books are exact.");
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(`Restore refused: ${error.message}`);
  process.exitCode = 1;
}
