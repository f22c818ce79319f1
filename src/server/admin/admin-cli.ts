import { openDatabase } from "../db/client";
import { loadEnvOrExit } from "../load-env";
import { prepareDatabase } from "../prepare-database";
import { runAdminCommand } from "./admin-commands";

/** `npm run admin -- grant <email> | revoke <email> | list` (with PGlite, stop the server first). */
const env = loadEnvOrExit();
const handle = await openDatabase(env);
try {
  await prepareDatabase(handle.db);
  for (const line of await runAdminCommand(handle.db, process.argv.slice(2))) console.log(line);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
