import { describe, expect, it } from "vitest";
import { toCsv } from "~/web/components/charts/chart-spec";
import { dollarsText, partnerChartSpec } from "./partner-chart-spec";

const zero = {
  postbacks: 0,
  credits: 0,
  reversals: 0,
  coinsIssued: 0,
  dollarsEarnedMicros: 0,
  marginMicros: 0,
};

describe("the partners' chart", () => {
  const spec = partnerChartSpec({
    from: "2026-11-28",
    to: "2026-11-29",
    days: [
      { day: "2026-11-28", ...zero },
      {
        day: "2026-11-29",
        ...zero,
        dollarsEarnedMicros: 4_500_000,
        marginMicros: -500_000,
        coinsIssued: 1000,
      },
    ],
    partners: [],
  });

  it("draws dollars earned and margin per day, and says the last day's", () => {
    expect(spec.series.map((s) => s.label)).toEqual(["Dollars earned", "Margin"]);
    expect(spec.series[0]?.values).toEqual([0, 4.5]);
    expect(spec.series[1]?.values).toEqual([0, -0.5]);
    expect(spec.summary).toContain("On 2026-11-29: $4.50 earned, -$0.50 margin.");
    expect(spec.series[1]?.format?.(-0.5)).toBe("-$0.50");
  });

  it("its CSV holds the same numbers", () => {
    expect(toCsv(spec).split("\r\n").slice(0, 3)).toEqual([
      "Day (UTC),Dollars earned,Margin",
      "2026-11-28,0.000000,0.000000",
      "2026-11-29,4.500000,-0.500000",
    ]);
  });

  it("writes dollars with their sign first", () => {
    expect(dollarsText(3_000_000)).toBe("$3.00");
    expect(dollarsText(-1)).toBe("$0.00");
  });
});
