import { openDatabase } from "../db/client";
import { loadEnvOrExit } from "../load-env";
import { prepareDatabase } from "../prepare-database";
import { rebuildRollups } from "./rollups-rebuild";

/**
 * `npm run rollups:rebuild`: computes the daily figures again from the ledger and the source tables
 * (rollups-rebuild.ts). Safe while the app runs on PostgreSQL (with PGlite, stop the server first).
 */
const env = loadEnvOrExit();
const handle = await openDatabase(env);
try {
  await prepareDatabase(handle.db);
  const started = Date.now();
  const summary = await rebuildRollups(handle.db, { log: (line) => console.log(line) });
  console.log(
    `Rollups rebuilt from ${summary.ledgerRows} ledger rows (${summary.chunks} chunks): ${summary.days} days, ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
