import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartDataset,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";
import { type ChartSpec, seriesColors } from "./chart-spec";

/**
 * The drawing of a chart, with Chart.js (docs/decisions/074-charts.md): only the parts we draw are registered, so
 * only they are bundled, and this module is loaded lazily (chart-figure.tsx). The canvas is one image whose name
 * is the chart's summary; its numbers are in the table beside it.
 */
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

function datasets(spec: ChartSpec): ChartDataset<"bar" | "line", (number | null)[]>[] {
  return spec.series.map((s, i) => {
    const color = seriesColors[i % seriesColors.length]!;
    if (s.marker)
      return {
        type: "line",
        label: s.label,
        data: s.values,
        showLine: false,
        stack: "marker",
        pointStyle: "rectRot",
        pointRadius: 6,
        pointBackgroundColor: color,
        borderColor: color,
        order: -1,
      };
    return {
      type: spec.kind,
      label: s.label,
      data: s.values,
      backgroundColor: color,
      borderColor: color,
      stack: spec.stacked ? "all" : s.label,
      pointRadius: 0,
      borderWidth: spec.kind === "line" ? 2 : 0,
    };
  });
}

export default function ChartCanvas({ spec }: { spec: ChartSpec }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const text = getComputedStyle(element).color;
    const chart = new Chart(element, {
      type: spec.kind,
      data: { labels: spec.axisLabels ?? spec.labels, datasets: datasets(spec) },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        color: text,
        interaction: { mode: "index", intersect: false },
        scales: {
          x: { stacked: spec.stacked, ticks: { color: text, autoSkip: true, maxRotation: 0 } },
          y: { stacked: spec.stacked, beginAtZero: true, ticks: { color: text, precision: 0 } },
        },
        plugins: { legend: { position: "bottom", labels: { color: text, boxWidth: 12 } } },
      },
    });
    return () => chart.destroy();
  }, [spec]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={spec.summary}
      data-chart={spec.id}
      className="text-foreground"
    >
      {spec.summary}
    </canvas>
  );
}
