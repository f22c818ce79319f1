import { describe, expect, it } from "vitest";
import { redemptionTimeline, timelineLine } from "./redemptions";

const base = {
  createdAt: "2026-11-27T10:00:00.000Z",
  approvedAt: null,
  decidedAt: null,
  paidAt: null,
};

describe("a redemption's timeline", () => {
  it("requested → approved → paid, each step with its date once it happened", () => {
    expect(redemptionTimeline({ ...base, status: "pending" })).toEqual([
      { label: "Requested", done: true, at: base.createdAt },
      { label: "Approved", done: false, at: null },
      { label: "Paid", done: false, at: null },
    ]);
    const paid = {
      ...base,
      status: "paid" as const,
      approvedAt: "2026-11-27T11:00:00.000Z",
      decidedAt: "2026-11-27T11:00:00.000Z",
      paidAt: "2026-11-28T09:30:00.000Z",
    };
    expect(timelineLine(redemptionTimeline(paid))).toBe(
      "Timeline: Requested 27 Nov 2026, 10:00 UTC → Approved 27 Nov 2026, 11:00 UTC → Paid 28 Nov 2026, 09:30 UTC",
    );
  });

  it("rejected after an approval whose payout failed keeps the approval's date", () => {
    const steps = redemptionTimeline({
      ...base,
      status: "rejected",
      approvedAt: "2026-11-27T11:00:00.000Z",
      decidedAt: "2026-11-29T08:00:00.000Z",
    });
    expect(steps.map((s) => [s.label, s.at])).toEqual([
      ["Requested", base.createdAt],
      ["Approved", "2026-11-27T11:00:00.000Z"],
      ["Rejected", "2026-11-29T08:00:00.000Z"],
    ]);
    expect(redemptionTimeline({ ...base, status: "failed", approvedAt: "2026-11-27T11:00:00.000Z" })).toEqual(
      [
        { label: "Requested", done: true, at: base.createdAt },
        { label: "Approved", done: true, at: "2026-11-27T11:00:00.000Z" },
        { label: "Payout failed", done: true, at: null },
        { label: "Paid", done: false, at: null },
      ],
    );
    expect(
      timelineLine(redemptionTimeline({ ...base, status: "cancelled", decidedAt: base.createdAt })),
    ).toBe("Timeline: Requested 27 Nov 2026, 10:00 UTC → Cancelled 27 Nov 2026, 10:00 UTC");
  });
});
