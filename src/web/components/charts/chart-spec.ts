/**
 * A chart as numbers (docs/product.md, "The business in pictures"): what the canvas draws, what its table lists
 * and what its CSV holds are the same spec, so the three never disagree. No chart library here: this file is in
 * the pages' own chunks, the library only in the lazily loaded canvas (chart-canvas.tsx).
 */

export interface ChartSeries {
  label: string;
  /** One value per label; null where there is none (an empty queue, a day that is not a goal day). */
  values: (number | null)[];
  /** Drawn as a marker over the bars (e.g. goal days) instead of a bar or line of its own. */
  marker?: boolean;
  /** How the table writes a value (default: the number, "—" for null). */
  format?: (value: number | null) => string;
  /** How the CSV writes a value (default: the number, empty for null). */
  csv?: (value: number | null) => string;
}

export interface ChartSpec {
  /** Names the CSV file and the elements' ids: "coins-issued". */
  id: string;
  title: string;
  /** One sentence: what the chart shows, and a reading of its latest figure (the canvas's accessible name). */
  summary: string;
  kind: "bar" | "line";
  /** Bars of a label stacked on each other (their sum is the label's total). */
  stacked?: boolean;
  /** The table's first column: "Day (UTC)", "Queue". */
  rowHeader: string;
  /** One per row: a UTC day "2026-11-27" or a name. */
  labels: string[];
  /** Shorter labels for the chart's axis ("11-27"); the labels when omitted. */
  axisLabels?: string[];
  series: ChartSeries[];
}

/** Colours told apart with every common colour-vision deficiency (Okabe and Ito), in series order. */
export const seriesColors = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#7A6F00"];

/** A value as the table shows it. */
export function cellText(series: ChartSeries, value: number | null): string {
  if (series.format) return series.format(value);
  return value === null ? "—" : String(value);
}

function csvText(series: ChartSeries, value: number | null): string {
  if (series.csv) return series.csv(value);
  return value === null ? "" : String(value);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The chart's numbers as CSV (RFC 4180, CRLF): a header row, then one row per label. */
export function toCsv(spec: ChartSpec): string {
  const header = [spec.rowHeader, ...spec.series.map((s) => s.label)];
  const rows = spec.labels.map((label, i) => [
    label,
    ...spec.series.map((s) => csvText(s, s.values[i] ?? null)),
  ]);
  return `${[header, ...rows].map((r) => r.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** "coins-issued-2026-11-27.csv": the chart's id and the last label when it is a day. */
export function csvFileName(spec: ChartSpec): string {
  const last = spec.labels.at(-1) ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(last) ? `${spec.id}-${last}.csv` : `${spec.id}.csv`;
}

/** "11-27" for "2026-11-27": a day on a narrow axis. */
export const shortDay = (day: string) => day.slice(5);
