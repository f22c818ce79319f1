import { describe, expect, it } from "vitest";
import type { AuditEntry } from "./api/admin";
import { auditSentence, auditSentenceParts } from "./audit-sentences";
import { formatCount } from "./coins";
import {
  adjustmentNeedsSecondAdmin,
  awaitingSecondAdmin,
  dailyTotalNeedsSecondAdmin,
  dualControlRule,
  dualControlWarning,
  fourEyesReasons,
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
  it("names a KYC decision by the person whose submission it was, the submission's id only when none is known", () => {
    const kyc = { targetType: "kyc_submission", targetId: "5f0c6b1e-0000-4000-8000-000000000001" };
    expect(auditSentence(entry({ ...kyc, action: "kyc.approve" }))).toBe(
      "ops@example.com approved the KYC submission of ada@example.com.",
    );
    expect(auditSentence(entry({ ...kyc, action: "kyc.reject", targetEmail: null }))).toBe(
      `ops@example.com rejected KYC submission ${kyc.targetId}.`,
    );
  });

  it("states a held partner credit's decision: released and paid, released and pending, or declined", () => {
    const credit = {
      targetType: "partner_credit",
      targetId: "42",
      targetEmail: null,
      before: { state: "held", partner: "Quick Wall", coins: 40 },
      reason: "Checked the offer",
    };
    expect(
      auditSentence(
        entry({ ...credit, action: "partner.credit_release", after: { state: "available", coins: 40 } }),
      ),
    ).toBe(
      "ops@example.com released held partner credit #42 (40 coins from Quick Wall): paid. Reason: “Checked the offer”.",
    );
    expect(
      auditSentence(
        entry({ ...credit, action: "partner.credit_release", after: { state: "pending", coins: 40 } }),
      ),
    ).toBe(
      "ops@example.com released held partner credit #42 (40 coins from Quick Wall): pending until its release date. Reason: “Checked the offer”.",
    );
    expect(
      auditSentence(
        entry({ ...credit, action: "partner.credit_decline", after: { state: "declined", coins: 40 } }),
      ),
    ).toBe(
      "ops@example.com declined held partner credit #42 (40 coins from Quick Wall): nothing was paid. Reason: “Checked the offer”.",
    );
  });

  it("states content editors' roles and content changes, before → after", () => {
    expect(auditSentence(entry({ action: "role.set", after: { role: "editor" } }))).toBe(
      "ops@example.com made ada@example.com a content editor.",
    );
    expect(
      auditSentence(entry({ action: "role.set", before: { role: "editor" }, after: { role: "user" } })),
    ).toBe("ops@example.com removed the content editor role from ada@example.com.");
    expect(
      auditSentence(
        entry({
          action: "content.quiz.update",
          targetType: "quiz",
          targetId: "science",
          before: { name: "Science Facts", icon: "flask-conical" },
          after: { name: "Science Today", icon: "flask-conical" },
        }),
      ),
    ).toBe("ops@example.com: Quiz edited (quiz science): name “Science Facts” → “Science Today”.");
  });

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
    const rule = { coins: 5000, dollars: 50, dailyDollars: 0, creditWindowDays: 0 };
    expect(adjustmentNeedsSecondAdmin(rule, 5000)).toBe(false);
    expect(adjustmentNeedsSecondAdmin(rule, -5001)).toBe(true);
    expect(redemptionNeedsSecondAdmin(rule, 5000)).toBe(false);
    expect(redemptionNeedsSecondAdmin(rule, 5001)).toBe(true);
    expect(
      adjustmentNeedsSecondAdmin({ coins: 0, dollars: 0, dailyDollars: 0, creditWindowDays: 0 }, 1_000_000),
    ).toBe(false);
    expect(
      redemptionNeedsSecondAdmin({ coins: 0, dollars: 0, dailyDollars: 0, creditWindowDays: 0 }, 1_000_000),
    ).toBe(false);
    expect(dualControlWarning({ ...rule, dailyDollars: 50 })).toBeNull();
    expect(dualControlWarning(rule)).toMatch(/daily total \(DUAL_CONTROL_DAILY_DOLLARS=0\)/);
    expect(dualControlWarning({ coins: 0, dollars: 50, dailyDollars: 50, creditWindowDays: 30 })).toMatch(
      /Dual control is off for coin adjustments/,
    );
    // One number format everywhere: the pages' ungrouped digits.
    expect(formatCount(1070)).toBe("1070");
    expect(formatCount(-1234567)).toBe("−1234567");
  });

  it("one administrator's daily total across accounts, and the reasons in the console's words", () => {
    const rule = { coins: 5000, dollars: 25, dailyDollars: 50, creditWindowDays: 30 };
    expect(dailyTotalNeedsSecondAdmin(rule, 2500, 2500)).toBe(false);
    expect(dailyTotalNeedsSecondAdmin(rule, 1, 5000)).toBe(true);
    expect(dailyTotalNeedsSecondAdmin(rule, 0, 9000)).toBe(false);
    expect(dailyTotalNeedsSecondAdmin({ ...rule, dailyDollars: 0 }, 1_000_000, 1_000_000)).toBe(false);
    const facts = {
      kind: "redemption.approve" as const,
      coins: 1000,
      cents: 500,
      perAccountSoFar: 0,
      movedTodayCents: 0,
      credited: null,
      approvedKyc: null,
      reusedDocument: false,
    };
    expect(fourEyesReasons(rule, facts)).toEqual([]);
    expect(fourEyesReasons(rule, { ...facts, movedTodayCents: 4600 })).toEqual([
      "What you moved alone in 24 hours across all accounts would pass $50 (DUAL_CONTROL_DAILY_DOLLARS).",
    ]);
    expect(
      fourEyesReasons(rule, {
        ...facts,
        credited: "2026-11-29T08:00:00Z",
        approvedKyc: "2026-11-20T08:00:00Z",
      }),
    ).toEqual([
      "You credited this account on 2026-11-29: a different administrator must approve its payout and its KYC.",
      "You approved this account's KYC on 2026-11-20: a different administrator must approve its payout.",
    ]);
    // A KYC approval: the crediting hand and a reused document; the KYC approver's own hand does not count.
    const kyc = {
      ...facts,
      kind: "kyc.approve" as const,
      coins: 0,
      cents: 0,
      approvedKyc: "2026-11-20T08:00:00Z",
    };
    expect(fourEyesReasons(rule, kyc)).toEqual([]);
    expect(fourEyesReasons(rule, { ...kyc, reusedDocument: true })).toEqual([
      "Another account's approved KYC has the same document number.",
    ]);
    // A credit counts the daily total, a debit does not; a credit's hand is no reason for the adjustment.
    const credit = {
      ...facts,
      kind: "coins.adjust" as const,
      coins: 2000,
      cents: 1000,
      credited: "2026-11-29",
    };
    expect(fourEyesReasons(rule, { ...credit, movedTodayCents: 4500 })).toHaveLength(1);
    expect(fourEyesReasons(rule, { ...credit, coins: -2000, cents: 0, movedTodayCents: 4500 })).toEqual([]);
  });

  it("counts what one administrator already moved alone in 24 hours: past the threshold, the next one is a proposal", () => {
    const rule = { coins: 5000, dollars: 25, dailyDollars: 0, creditWindowDays: 0 };
    expect(adjustmentNeedsSecondAdmin(rule, 5000, 0)).toBe(false);
    expect(adjustmentNeedsSecondAdmin(rule, 1, 5000)).toBe(true);
    expect(adjustmentNeedsSecondAdmin(rule, -2000, 3000)).toBe(false);
    expect(adjustmentNeedsSecondAdmin(rule, -2001, 3000)).toBe(true);
    expect(redemptionNeedsSecondAdmin(rule, 1000, 1500)).toBe(false);
    expect(redemptionNeedsSecondAdmin(rule, 1001, 1500)).toBe(true);
    expect(
      adjustmentNeedsSecondAdmin(
        { coins: 0, dollars: 0, dailyDollars: 0, creditWindowDays: 0 },
        1,
        1_000_000,
      ),
    ).toBe(false);
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
        entry({
          action: "proposal.create",
          targetType: "kyc_submission",
          targetId: "k1",
          targetEmail: null,
          after: { proposalId: 4, kind: "kyc.approve", amount: 0 },
        }),
      ),
    ).toBe("ops@example.com proposed approving KYC submission k1; it waits for a second administrator.");
    expect(
      auditSentence(
        entry({ action: "role.revoke", after: { role: "user", proposedBy: "a2", proposalsWithdrawn: 2 } }),
      ),
    ).toBe(
      "ops@example.com removed the administrator role from ada@example.com (a second administrator's approval); 2 waiting proposals of theirs were withdrawn.",
    );
  });

  it("marks the free texts (reason, payout reference) as words the console shows isolated", () => {
    const parts = auditSentenceParts(
      entry({
        action: "redemption.mark_paid",
        targetType: "redemption",
        targetId: "12",
        after: { reference: "PAY א 100 ב 9000" },
        reason: "Refund א 100 ב 9000",
      }),
    );
    expect(parts.filter((p) => p.words).map((p) => p.text)).toEqual([
      "PAY א 100 ב 9000",
      "Refund א 100 ב 9000",
    ]);
    expect(parts.map((p) => p.text).join("")).toBe(
      "ops@example.com marked redemption #12 paid (reference PAY א 100 ב 9000). Reason: “Refund א 100 ב 9000”.",
    );
    // The app's own words are never marked; an entry without free text has none.
    expect(auditSentenceParts(entry({ action: "user.unban", reason: null })).some((p) => p.words)).toBe(
      false,
    );
  });
});
