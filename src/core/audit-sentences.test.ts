import { describe, expect, it } from "vitest";
import type { AuditEntry } from "./api/admin";
import { auditSentence } from "./audit-sentences";
import { formatCount } from "./coins";
import {
  adjustmentNeedsSecondAdmin,
  awaitingSecondAdmin,
  dualControlRule,
  dualControlWarning,
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
    ).toBe("ops@example.com added 1000 coins to ada@example.com's balance (70 → 1070). Reason: “Prize”.");
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
    // One number format everywhere: the pages' ungrouped digits.
    expect(formatCount(1070)).toBe("1070");
    expect(formatCount(-1234567)).toBe("−1234567");
  });

  it("counts what one administrator already moved alone in 24 hours: past the threshold, the next one is a proposal", () => {
    const rule = { coins: 5000, dollars: 25 };
    expect(adjustmentNeedsSecondAdmin(rule, 5000, 0)).toBe(false);
    expect(adjustmentNeedsSecondAdmin(rule, 1, 5000)).toBe(true);
    expect(adjustmentNeedsSecondAdmin(rule, -2000, 3000)).toBe(false);
    expect(adjustmentNeedsSecondAdmin(rule, -2001, 3000)).toBe(true);
    expect(redemptionNeedsSecondAdmin(rule, 1000, 1500)).toBe(false);
    expect(redemptionNeedsSecondAdmin(rule, 1001, 1500)).toBe(true);
    expect(adjustmentNeedsSecondAdmin({ coins: 0, dollars: 0 }, 1, 1_000_000)).toBe(false);
    expect(dualControlRule(rule)).toMatch(
      /alone for one account may add up to 5000 coins .* in 24 hours.*\$25 in 24 hours/,
    );
    expect(
      awaitingSecondAdmin({
        proposedBy: { id: "a1", email: "ops@example.com" },
        proposedAt: "2026-11-27T10:05:00.000Z",
      }),
    ).toBe("Awaiting a second administrator (proposed by ops@example.com, 2026-11-27 10:05 UTC)");
  });

  it("states role-change proposals and who approved a role change", () => {
    expect(
      auditSentence(
        entry({ action: "proposal.create", after: { proposalId: 3, kind: "role.change", role: "admin" } }),
      ),
    ).toBe(
      "ops@example.com proposed making ada@example.com an administrator; it waits for a second administrator.",
    );
    expect(
      auditSentence(
        entry({ action: "role.revoke", after: { role: "user", proposedBy: "a2", proposalsWithdrawn: 2 } }),
      ),
    ).toBe(
      "ops@example.com removed the administrator role from ada@example.com (a second administrator's approval); 2 waiting proposals of theirs were withdrawn.",
    );
  });
});
