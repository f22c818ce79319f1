import type { PlayerStats } from "~/core/api/stats";
import { channelLabels, chartChannels } from "~/core/stats-channels";
import { type ChartSpec, shortDay } from "~/web/components/charts/chart-spec";

/**
 * The player's month as a chart (docs/product.md, "Dashboard"): coins earned per day, stacked by channel, and a
 * marker over each day that met the daily goal; the table and the CSV hold the same numbers, and "Goal met".
 */
export function playerMonthSpec(stats: PlayerStats): ChartSpec {
  const { days } = stats;
  const totals = days.map((d) => chartChannels.reduce((n, c) => n + d.earned[c], 0));
  const goalDays = days.filter((d) => d.goalMet).length;
  const today = days.at(-1);
  return {
    id: "my-last-30-days",
    title: "Your last 30 days",
    summary: `Coins you earned per day over the last ${days.length} days (UTC), stacked by channel; ${goalDays} ${goalDays === 1 ? "day" : "days"} met the daily goal. Today: ${totals.at(-1) ?? 0} coins${today?.goalMet ? ", goal met" : ""}.`,
    kind: "bar",
    stacked: true,
    rowHeader: "Day (UTC)",
    labels: days.map((d) => d.day),
    axisLabels: days.map((d) => shortDay(d.day)),
    series: [
      ...chartChannels.map((c) => ({ label: channelLabels[c], values: days.map((d) => d.earned[c]) })),
      {
        label: "Goal met",
        marker: true,
        values: days.map((d, i) => (d.goalMet ? totals[i]! : null)),
        format: (v: number | null) => (v === null ? "No" : "Yes"),
        csv: (v: number | null) => (v === null ? "no" : "yes"),
      },
    ],
  };
}
