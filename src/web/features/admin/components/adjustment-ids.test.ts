import { describe, expect, it } from "vitest";
import { adjustmentIds, newUuid } from "./adjustment-ids";

describe("adjustment ids", () => {
  it("keep one id across resends of the same adjustment, and make a new one after success or an edit", () => {
    const ids = adjustmentIds();
    const first = ids.idFor(100, "Goodwill");
    expect(ids.idFor(100, "Goodwill")).toBe(first);
    const edited = ids.idFor(101, "Goodwill");
    expect(edited).not.toBe(first);
    const reworded = ids.idFor(101, "Goodwill gift");
    expect(reworded).not.toBe(edited);
    expect(ids.idFor(101, "Goodwill gift")).toBe(reworded);
    ids.succeeded(reworded);
    expect(ids.idFor(101, "Goodwill gift")).not.toBe(reworded);
  });

  it("keep an unconfirmed adjustment's id after other values were tried (A, B, then A again)", () => {
    const ids = adjustmentIds();
    const a = ids.idFor(100, "Goodwill");
    const b = ids.idFor(200, "Goodwill");
    expect(ids.idFor(100, "Goodwill")).toBe(a);
    expect(ids.idFor(200, "Goodwill")).toBe(b);
  });

  it("forget only the id whose request succeeded, when answers come back out of order", () => {
    const ids = adjustmentIds();
    const a = ids.idFor(100, "Goodwill");
    const b = ids.idFor(200, "Goodwill");
    ids.succeeded(a);
    expect(ids.idFor(200, "Goodwill")).toBe(b);
    expect(ids.idFor(100, "Goodwill")).not.toBe(a);
  });

  it("are UUIDs (v4), also without crypto.randomUUID", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newUuid()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const made = new Set(Array.from({ length: 50 }, newUuid));
      expect(made.size).toBe(50);
      for (const id of made) expect(id).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});
