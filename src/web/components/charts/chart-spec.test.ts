import { describe, expect, it } from "vitest";
import { type ChartSpec, cellText, csvFileName, toCsv } from "./chart-spec";

const spec: ChartSpec = {
  id: "demo",
  title: "Demo",
  summary: "A demo.",
  kind: "bar",
  rowHeader: "Day (UTC)",
  labels: ["2026-11-26", "2026-11-27"],
  series: [
    { label: "Coins", values: [5, 0] },
    { label: 'Say "hi", ok', values: [null, 3] },
    {
      label: "Goal met",
      values: [10, null],
      format: (v) => (v === null ? "No" : "Yes"),
      csv: (v) => (v ? "yes" : "no"),
    },
  ],
};

describe("a chart's numbers", () => {
  it("as CSV: a header and a row per label, fields quoted where needed, CRLF", () => {
    expect(toCsv(spec)).toBe(
      'Day (UTC),Coins,"Say ""hi"", ok",Goal met\r\n2026-11-26,5,,yes\r\n2026-11-27,0,3,no\r\n',
    );
  });

  it("in the table: a dash for nothing, a series' own wording where it has one", () => {
    expect(cellText(spec.series[1]!, null)).toBe("—");
    expect(cellText(spec.series[0]!, 0)).toBe("0");
    expect(cellText(spec.series[2]!, 10)).toBe("Yes");
  });

  it("named after the chart and its last day", () => {
    expect(csvFileName(spec)).toBe("demo-2026-11-27.csv");
    expect(csvFileName({ ...spec, labels: ["KYC"] })).toBe("demo.csv");
  });
});
