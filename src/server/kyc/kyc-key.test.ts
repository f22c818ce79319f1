import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../env";
import type { Logger } from "../logger";
import { open, seal } from "./kyc-crypto";
import { KYC_KEY_FILE, kycEncryptionKey } from "./kyc-key";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "kyc-key-"));
  dirs.push(dir);
  return dir;
};
const fakeLogger = () => {
  const warn = vi.fn();
  return { logger: { warn } as unknown as Logger, warn };
};

describe("kycEncryptionKey", () => {
  it("uses KYC_ENCRYPTION_KEY when set", () => {
    const key = randomBytes(32);
    const env = parseEnv({ KYC_ENCRYPTION_KEY: key.toString("base64") });
    expect(kycEncryptionKey(env, fakeLogger().logger).equals(key)).toBe(true);
  });

  it("in development generates a key once into DATA_DIR (mode 0600) with a warning, and reuses it", async () => {
    const dir = await tempDir();
    const env = parseEnv({ DATA_DIR: dir });
    const { logger, warn } = fakeLogger();
    const key = kycEncryptionKey(env, logger);
    expect(key).toHaveLength(32);
    const file = path.join(dir, KYC_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, "utf8")).trim(), "base64").equals(key)).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      { file },
      expect.stringMatching(/KYC_ENCRYPTION_KEY is not set: generated/),
    );
    expect(kycEncryptionKey(env, logger).equals(key)).toBe(true);
  });

  it("in development reads a key another process wrote, and refuses a damaged one", async () => {
    const written = randomBytes(32);
    const dir = await tempDir();
    await writeFile(path.join(dir, KYC_KEY_FILE), written.toString("base64"));
    expect(kycEncryptionKey(parseEnv({ DATA_DIR: dir }), fakeLogger().logger).equals(written)).toBe(true);
    const bad = await tempDir();
    await writeFile(path.join(bad, KYC_KEY_FILE), "c2hvcnQ=");
    expect(() => kycEncryptionKey(parseEnv({ DATA_DIR: bad }), fakeLogger().logger)).toThrow(/32-byte/);
  });
});

describe("seal / open", () => {
  const key = randomBytes(32);
  it("round-trips, with a fresh IV each time, and refuses another key, other associated data or a changed byte", () => {
    const plain = Buffer.from("passport 1234");
    const a = seal(key, plain, "kyc-document:1");
    const b = seal(key, plain, "kyc-document:1");
    expect(a.equals(b)).toBe(false);
    expect(a.includes(plain)).toBe(false);
    expect(open(key, a, "kyc-document:1").equals(plain)).toBe(true);
    expect(() => open(randomBytes(32), a, "kyc-document:1")).toThrow();
    expect(() => open(key, a, "kyc-document:2")).toThrow();
    const tampered = Buffer.from(a);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => open(key, tampered, "kyc-document:1")).toThrow();
    expect(() => open(key, Buffer.from([1, 2, 3]), "kyc-document:1")).toThrow(/not a sealed KYC value/);
  });
});
