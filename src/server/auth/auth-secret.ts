import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "../env";

/** File under DATA_DIR that keeps the generated secret between restarts (mode 0600). */
export const AUTH_SECRET_FILE = "auth-secret";

/**
 * The secret that signs sessions and e-mailed tokens. AUTH_SECRET when set (production requires it: several
 * instances must share one). Otherwise a random 32-byte secret generated on first start and kept in
 * `DATA_DIR/auth-secret`, readable by its owner only, so every installation has its own and sessions survive a
 * restart. The source holds no usable secret.
 */
export async function resolveAuthSecret(
  env: Pick<Env, "authSecret" | "dataDir" | "nodeEnv">,
  logger: { warn(details: { file: string }, message: string): void },
): Promise<string> {
  if (env.authSecret) return env.authSecret;
  if (env.nodeEnv === "production") throw new Error("AUTH_SECRET is required when NODE_ENV=production");
  const file = path.resolve(env.dataDir, AUTH_SECRET_FILE);
  let existing = await readSecretFile(file);
  if (existing === undefined) {
    await mkdir(path.dirname(file), { recursive: true });
    const secret = newSecret();
    try {
      // "wx": never overwrite a file another process has just written; use that one instead.
      await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
      logger.warn({ file }, "AUTH_SECRET is not set: generated a random secret and saved it in DATA_DIR");
      return secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      existing = (await readSecretFile(file)) ?? "";
    }
  }
  if (existing.length >= 32) {
    await chmod(file, 0o600);
    logger.warn({ file }, "AUTH_SECRET is not set: using the secret generated earlier in DATA_DIR");
    return existing;
  }
  // An empty or truncated file is no secret: replace it.
  const secret = newSecret();
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  logger.warn({ file }, "AUTH_SECRET is not set: the saved secret was unusable, generated a new one");
  return secret;
}

const newSecret = () => randomBytes(32).toString("base64url");

async function readSecretFile(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
