import { describe, expect, it } from "vitest";
import type { AuditEntry } from "./api/admin";
import { auditSentence } from "./audit-sentences";
import {
  adjustmentNeedsSecondAdmin,
  dualControlWarning,
  groupDigits,
  redemptionNeedsSecondAdmin,
} from "./dual-control";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor: { id: "a1", email: "ops@example.com" },
  action: "coins.adjust",
  targetType: "user",
  targetId: "u1",
  targetEmail: "ada@example.com",
  before: null,
  after: null,
  reason: null,
  requestId: null,
  createdAt: new Date(0).toISOString(),
  ...over,
});

describe("the audit log in sentences", () => {
  it("states adjustments with the amount, the balances and the reason", () => {
    expect(
      auditSentence(
        entry({ before: { balance: 70 }, after: { amount: 1000, balance: 1070 }, reason: "Prize" }),
      ),
    ).toBe(
      "ops@example.com added 1\u202f000 coins to ada@example.com's balance (70 → 1\u202f070). Reason: “Prize”.",
    );
    expect(
      auditSentence(entry({ actor: null, action: "role.grant", reason: "Listed in ADMIN_EMAILS" })),
    ).toBe("The system made ada@example.com an administrator. Reason: “Listed in ADMIN_EMAILS”.");
    expect(
      auditSentence(
        entry({
          action: "redemption.reject",
          targetType: "redemption",
          targetId: "7",
          targetEmail: null,
          after: { notPaid: true },
        }),
      ),
    ).toBe("ops@example.com rejected redemption #7; its coins went back to the user (confirmed not paid).");
    expect(auditSentence(entry({ action: "something.new" }))).toBe(
      "ops@example.com: something.new on user ada@example.com.",
    );
  });
});

describe("dual control thresholds", () => {
  it("needs a second administrator strictly above the threshold, never when it is 0", () => {
    const rule = { coins: 5000, dollars: 50 };
    expect(adjustmentNeedsSecondAdmin(rule, 5000)).toBe(false);
    expect(adjustmentNeedsSecondAdmin(rule, -5001)).toBe(true);
    expect(redemptionNeedsSecondAdmin(rule, 5000)).toBe(false);
    expect(redemptionNeedsSecondAdmin(rule, 5001)).toBe(true);
    expect(adjustmentNeedsSecondAdmin({ coins: 0, dollars: 0 }, 1_000_000)).toBe(false);
    expect(redemptionNeedsSecondAdmin({ coins: 0, dollars: 0 }, 1_000_000)).toBe(false);
    expect(dualControlWarning(rule)).toBeNull();
    expect(dualControlWarning({ coins: 0, dollars: 50 })).toMatch(/Dual control is off for coin adjustments/);
    expect(groupDigits(1070)).toBe("1\u202f070");
    expect(groupDigits(-1234567)).toBe("−1\u202f234\u202f567");
  });
});
