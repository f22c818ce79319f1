import { loadEnvOrExit } from "../load-env";
import { openDatabase } from "./client";
import { prepareDatabase } from "./prepare";

const env = loadEnvOrExit();
const handle = await openDatabase(env);
try {
  const applied = await prepareDatabase(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await handle.close();
}
