import { describe, expect, it } from "vitest";
import { createPasswordHasher, PRODUCTION_ARGON2 } from "./password-hash";

describe("password hashing", () => {
  it("uses argon2id with at least 19 MiB and 2 iterations in production", async () => {
    expect(PRODUCTION_ARGON2.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(PRODUCTION_ARGON2.timeCost).toBeGreaterThanOrEqual(2);
    const hasher = createPasswordHasher();
    const stored = await hasher.hash("correct horse");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify({ hash: stored, password: "correct horse" })).toBe(true);
    expect(await hasher.verify({ hash: stored, password: "wrong horse" })).toBe(false);
  });

  it("treats a malformed stored hash as a mismatch", async () => {
    const hasher = createPasswordHasher({ memoryCost: 64, timeCost: 1 });
    expect(await hasher.verify({ hash: "not-a-hash", password: "x" })).toBe(false);
  });
});
