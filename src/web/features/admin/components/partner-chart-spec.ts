import { formatMicroDollars, type PartnerNumbers } from "~/core/api/partner-numbers";
import { type ChartSpec, shortDay } from "~/web/components/charts/chart-spec";

/** Dollars as the console writes them: "$3.00", "-$0.50". */
export const dollarsText = (micros: number) => {
  const text = formatMicroDollars(micros);
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
};

const fromDollars = (v: number | null) => (v === null ? null : Math.round(v * 1_000_000));

/**
 * The partners' chart (docs/product.md, "Earning partners"): per UTC day, all partners together, the dollars
 * earned (payouts credited − reversed) and the margin (dollars earned − the coins' value at 1000 coins = $5).
 */
export function partnerChartSpec(n: PartnerNumbers): ChartSpec {
  const last = n.days.at(-1);
  const dollarSeries = (label: string, pick: (d: PartnerNumbers["days"][number]) => number) => ({
    label,
    values: n.days.map((d) => pick(d) / 1_000_000),
    format: (v: number | null) => (v === null ? "—" : dollarsText(fromDollars(v) ?? 0)),
    csv: (v: number | null) => (v === null ? "" : formatMicroDollars(fromDollars(v) ?? 0, 6)),
  });
  return {
    id: "partner-dollars",
    title: "Partners: dollars earned and margin",
    summary: `Dollars the partners paid (credits less reversals) and the margin after the coins' value, per day over the last ${n.days.length} days (UTC).${last ? ` On ${last.day}: ${dollarsText(last.dollarsEarnedMicros)} earned, ${dollarsText(last.marginMicros)} margin.` : ""}`,
    kind: "line",
    rowHeader: "Day (UTC)",
    labels: n.days.map((d) => d.day),
    axisLabels: n.days.map((d) => shortDay(d.day)),
    series: [
      dollarSeries("Dollars earned", (d) => d.dollarsEarnedMicros),
      dollarSeries("Margin", (d) => d.marginMicros),
    ],
  };
}
