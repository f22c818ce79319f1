import type { BusinessStats } from "~/core/api/stats";
import { channelLabels, chartChannels } from "~/core/stats-channels";
import { type ChartSpec, shortDay } from "~/web/components/charts/chart-spec";

/**
 * The console's charts from GET /api/admin/stats (docs/product.md, "The business in pictures"): each a spec of
 * numbers that the canvas draws, the table lists and the CSV holds.
 */

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** "2 h 5 min", "3 d 4 h", "12 s", "Empty". */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return "Empty";
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export function businessChartSpecs(stats: BusinessStats): ChartSpec[] {
  const { days } = stats;
  const labels = days.map((d) => d.day);
  const axisLabels = labels.map(shortDay);
  const last = days.at(-1);
  const range = `the last ${days.length} days (UTC)`;
  const on = last ? ` On ${last.day}:` : "";
  const series = (label: string, pick: (d: (typeof days)[number]) => number) => ({
    label,
    values: days.map(pick),
  });
  const issuedLast = last ? sum(chartChannels.map((c) => last.issued[c])) : 0;
  const ages = stats.queueAges;
  const hours = (s: number | null) => (s === null ? null : s / 3600);
  return [
    {
      id: "coins-issued",
      title: "Coins issued per day",
      summary: `Coins issued per day by channel over ${range}, stacked.${on} ${issuedLast} coins.`,
      kind: "bar",
      stacked: true,
      rowHeader: "Day (UTC)",
      labels,
      axisLabels,
      series: chartChannels.map((c) => series(channelLabels[c], (d) => d.issued[c])),
    },
    {
      id: "coins-redeemed",
      title: "Coins requested and paid out",
      summary: `Coins players asked to redeem, approved, paid out and refunded per day over ${range}.${on} ${last?.requested ?? 0} requested, ${last?.paidOut ?? 0} paid out.`,
      kind: "line",
      rowHeader: "Day (UTC)",
      labels,
      axisLabels,
      series: [
        series("Requested", (d) => d.requested),
        series("Approved", (d) => d.approved),
        series("Paid out", (d) => d.paidOut),
        series("Refunded", (d) => d.refunded),
      ],
    },
    {
      id: "liability",
      title: "Liability and breakage",
      summary: `At the end of each day over ${range}: coins owed to live accounts, and the breakage (forfeited by deleted accounts) to date, apart.${on} ${last?.liability ?? 0} owed, ${last?.breakageToDate ?? 0} breakage.`,
      kind: "line",
      rowHeader: "Day (UTC)",
      labels,
      axisLabels,
      series: [
        series("Owed to live accounts", (d) => d.liability),
        series("Breakage to date", (d) => d.breakageToDate),
        series("Breakage that day", (d) => d.breakage),
      ],
    },
    {
      id: "players",
      title: "Sign-ups and active earners",
      summary: `New accounts, and players who earned coins by playing, per day over ${range}.${on} ${last?.signUps ?? 0} sign-ups, ${last?.activeEarners ?? 0} active earners.`,
      kind: "line",
      rowHeader: "Day (UTC)",
      labels,
      axisLabels,
      series: [series("Sign-ups", (d) => d.signUps), series("Active earners", (d) => d.activeEarners)],
    },
    {
      id: "queue-ages",
      title: "Queue ages now",
      summary: `How long the oldest open item of each queue has waited, in hours: KYC ${formatAge(ages.kyc).toLowerCase()}, redemptions ${formatAge(ages.redemptions).toLowerCase()}, proposals ${formatAge(ages.proposals).toLowerCase()}.`,
      kind: "bar",
      rowHeader: "Queue",
      labels: ["KYC", "Redemptions", "Proposals"],
      series: [
        {
          label: "Oldest waiting (hours)",
          values: [hours(ages.kyc), hours(ages.redemptions), hours(ages.proposals)],
          format: (v) => formatAge(v === null ? null : Math.round(v * 3600)),
          csv: (v) => (v === null ? "" : v.toFixed(2)),
        },
      ],
    },
  ];
}
