import { describe, expect, it } from "vitest";
import { ledgerKindLabels } from "./admin";
import { ledgerKinds } from "./coins";

describe("ledger kind labels", () => {
  it("name every ledger kind in words, never the raw kind", () => {
    for (const kind of ledgerKinds) {
      const label = ledgerKindLabels[kind];
      expect(label, kind).toMatch(/^[A-Z][A-Za-z ]+$/);
      expect(label).not.toContain("_");
    }
    expect(ledgerKindLabels.streak_bonus).toBe("Streak bonuses");
  });
});
