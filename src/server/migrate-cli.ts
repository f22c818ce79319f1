import { openDatabase } from "./db/client";
import { loadEnvOrExit } from "./load-env";
import { prepareDatabase } from "./prepare-database";

const env = loadEnvOrExit();
const handle = await openDatabase(env);
try {
  const applied = await prepareDatabase(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await handle.close();
}
