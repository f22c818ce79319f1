import { type Env, EnvError, parseEnv } from "./env";

/** Parse process.env once; on bad config print one line and exit 1 (no stack trace). */
export function loadEnvOrExit(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
