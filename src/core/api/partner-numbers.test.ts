import { describe, expect, it } from "vitest";
import { formatMicroDollars, partnerFigures, statementLine } from "./partner-numbers";

describe("the partners' figures", () => {
  const sums = {
    postbacks: 7,
    credits: 3,
    reversals: 1,
    coinsCredited: 1500,
    coinsReversed: 500,
    payoutCreditedMicros: 9_000_000,
    payoutReversedMicros: 2_000_000,
  };

  it("net coins and dollars, and a margin at 1000 coins = $5", () => {
    expect(partnerFigures(sums)).toEqual({
      postbacks: 7,
      credits: 3,
      reversals: 1,
      coinsIssued: 1000,
      dollarsEarnedMicros: 7_000_000,
      marginMicros: 2_000_000,
    });
  });

  it("writes micro-dollars to 2 or 6 decimals, negatives and rounding included", () => {
    expect(formatMicroDollars(0)).toBe("0.00");
    expect(formatMicroDollars(1_234_567)).toBe("1.23");
    expect(formatMicroDollars(1_235_000)).toBe("1.24");
    expect(formatMicroDollars(-500_000)).toBe("-0.50");
    expect(formatMicroDollars(-4_000)).toBe("0.00");
    expect(formatMicroDollars(400_001, 6)).toBe("0.400001");
    expect(formatMicroDollars(-12_000_000, 6)).toBe("-12.000000");
  });

  it("a statement line holds the day's sums and what follows from them", () => {
    expect(statementLine("2026-11-29", sums)).toBe(
      "2026-11-29,7,3,1,1500,500,1000,9.000000,2.000000,7.000000,5.000000,2.000000",
    );
  });
});
