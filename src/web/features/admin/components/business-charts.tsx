import { useMemo, useState } from "react";
import { ChartFigure } from "~/web/components/charts/chart-figure";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { type StatsRange, useStats } from "../api/get-stats";
import { businessChartSpecs } from "./business-chart-specs";

const ranges: StatsRange[] = [30, 90];

/**
 * The business in pictures (docs/product.md, "The business in pictures"): coins issued by channel, redemptions,
 * liability with breakage apart, sign-ups and active earners over 30 or 90 days, and the queues' ages now — each
 * chart with its numbers as a table and as CSV.
 */
export function BusinessCharts() {
  const [days, setDays] = useState<StatsRange>(30);
  const query = useStats(days);
  const specs = useMemo(() => (query.data ? businessChartSpecs(query.data) : []), [query.data]);
  return (
    <section aria-labelledby="business-charts" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="business-charts" className="text-xl font-semibold">
          The business over time
        </h2>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Days shown</legend>
          {ranges.map((n) => (
            <Button
              key={n}
              size="sm"
              variant={n === days ? "default" : "outline"}
              aria-pressed={n === days}
              onClick={() => setDays(n)}
            >
              {`${n} days`}
            </Button>
          ))}
        </fieldset>
      </div>
      <QueryState query={query} what="the charts">
        <div className="grid min-w-0 gap-4 xl:grid-cols-2">
          {specs.map((spec) => (
            <ChartFigure key={spec.id} spec={spec} heading="h3" />
          ))}
        </div>
      </QueryState>
    </section>
  );
}
