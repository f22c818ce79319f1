import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AUTH_SECRET_FILE, resolveAuthSecret } from "./auth-secret";

const dirs: string[] = [];
async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "ple-secret-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const warnings: string[] = [];
const logger = { warn: (_: unknown, message: string) => void warnings.push(message) };
const dev = (dataDir: string, authSecret?: string) => ({
  dataDir,
  authSecret,
  nodeEnv: "development" as const,
});

describe("the auth secret when AUTH_SECRET is not set", () => {
  it("is generated per DATA_DIR: two fresh ones get different secrets", async () => {
    const a = await resolveAuthSecret(dev(await freshDataDir()), logger);
    const b = await resolveAuthSecret(dev(await freshDataDir()), logger);
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(b.length).toBeGreaterThanOrEqual(32);
  });

  it("is kept in DATA_DIR readable by its owner only, logged as a warning, and reused on the next start", async () => {
    const dir = await freshDataDir();
    warnings.length = 0;
    const first = await resolveAuthSecret(dev(dir), logger);
    const file = path.join(dir, AUTH_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect(warnings).toEqual([expect.stringMatching(/AUTH_SECRET is not set: generated/)]);
    expect(await resolveAuthSecret(dev(dir), logger)).toBe(first);
  });

  it("creates DATA_DIR when it does not exist yet, and replaces an empty secret file", async () => {
    const dir = path.join(await freshDataDir(), "nested", "data");
    const secret = await resolveAuthSecret(dev(dir), logger);
    await writeFile(path.join(dir, AUTH_SECRET_FILE), "\n");
    const replaced = await resolveAuthSecret(dev(dir), logger);
    expect(replaced).not.toBe(secret);
    expect(replaced.length).toBeGreaterThanOrEqual(32);
  });

  it("is AUTH_SECRET when set, and writes nothing", async () => {
    const dir = await freshDataDir();
    expect(await resolveAuthSecret(dev(dir, "s".repeat(40)), logger)).toBe("s".repeat(40));
    await expect(stat(path.join(dir, AUTH_SECRET_FILE))).rejects.toThrow();
  });

  it("is never generated in production", async () => {
    await expect(
      resolveAuthSecret(
        { dataDir: await freshDataDir(), authSecret: undefined, nodeEnv: "production" },
        logger,
      ),
    ).rejects.toThrow(/AUTH_SECRET is required/);
  });
});
