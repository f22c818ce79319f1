import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Env } from "../env";
import type { Logger } from "../logger";

export const KYC_KEY_FILE = "kyc-encryption.key";

const cache = new Map<string, Buffer>();

/**
 * The AES-256-GCM key of KYC data. KYC_ENCRYPTION_KEY when set (required in production: env.ts refuses to start
 * without it). In development a key is generated once into `DATA_DIR/kyc-encryption.key` (mode 0600) with a
 * warning, so documents stay readable across restarts; losing that file makes them unreadable. Under
 * NODE_ENV=test a random key lives in this process only. Resolved once per process.
 */
export function kycEncryptionKey(env: Env, logger: Logger): Buffer {
  if (env.kycEncryptionKey) return env.kycEncryptionKey;
  const cacheKey = env.nodeEnv === "test" ? "test" : path.resolve(env.dataDir, KYC_KEY_FILE);
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const key = env.nodeEnv === "test" ? randomBytes(32) : developmentKey(cacheKey, logger);
  cache.set(cacheKey, key);
  return key;
}

function developmentKey(file: string, logger: Logger): Buffer {
  try {
    const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    logger.warn({ file }, "KYC_ENCRYPTION_KEY is not set: using the development key kept in DATA_DIR");
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const key = randomBytes(32);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return developmentKey(file, logger);
    throw error;
  }
  chmodSync(file, 0o600);
  logger.warn(
    { file },
    "KYC_ENCRYPTION_KEY is not set: generated a development key in DATA_DIR; set KYC_ENCRYPTION_KEY in production",
  );
  return key;
}
