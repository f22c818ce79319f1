import { describe, expect, it } from "vitest";
import { pendingLine } from "./partners";
import { referralPendingLine } from "./referrals";

/** Pending lines (docs/product.md, "Earning partners" and "Referral program"; ADR 105). */
describe("pending lines", () => {
  it("a partner's: its release day in UTC", () => {
    expect(pendingLine(420, "2026-12-12T00:00:00.000Z")).toBe("+420 coins available on 12 Dec");
  });

  it("a friend's referral bonus: what it waits for, the last day it can clear and the progress so far", () => {
    const release = { coins: 100, days: 3 };
    const friend = { email: "ja***@example.com", joinedAt: "2026-09-13T10:00:00.000Z" };
    expect(referralPendingLine({ ...friend, progress: { coins: 40, days: 1 } }, release)).toBe(
      "+50 coins available once ja***@example.com has earned 100 coins on 3 days, by 12 Dec (so far 40 coins on 1 day)",
    );
    expect(referralPendingLine({ ...friend, progress: { coins: 70, days: 2 } }, release)).toMatch(
      /by 12 Dec \(so far 70 coins on 2 days\)$/,
    );
    expect(referralPendingLine({ ...friend, progress: null }, release)).toBe(
      "+50 coins available once ja***@example.com has earned 100 coins on 3 days, by 12 Dec",
    );
  });
});
