import { Download } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { type ChartSpec, csvFileName, toCsv } from "./chart-spec";
import { ChartTable } from "./chart-table";

/** The chart library comes with the canvas only, when a chart is first drawn: never on a page without one. */
const ChartCanvas = lazy(() => import("./chart-canvas"));

const CHART_HEIGHT = "h-64";

function downloadCsv(spec: ChartSpec) {
  const url = URL.createObjectURL(new Blob([toCsv(spec)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = csvFileName(spec);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * One chart in its card (docs/product.md, "The business in pictures"): the title, the drawing (an image named by
 * its summary), "Show the numbers" (the same numbers as a table) and "Download CSV" (the same numbers again).
 */
export function ChartFigure({ spec, heading = "h2" }: { spec: ChartSpec; heading?: "h2" | "h3" }) {
  return (
    <section aria-labelledby={`${spec.id}-title`} className="min-w-0">
      <Card>
        <CardHeader>
          <CardTitle as={heading} id={`${spec.id}-title`}>
            {spec.title}
          </CardTitle>
          <CardDescription>{spec.summary}</CardDescription>
        </CardHeader>
        <CardContent className="flex min-w-0 flex-col gap-3">
          <div className={`relative w-full ${CHART_HEIGHT}`}>
            <Suspense
              fallback={<div aria-hidden="true" className="size-full animate-pulse rounded-lg bg-muted" />}
            >
              <ChartCanvas spec={spec} />
            </Suspense>
          </div>
          <details className="min-w-0">
            <summary className="cursor-pointer font-medium">Show the numbers</summary>
            <div className="pt-2">
              <ChartTable spec={spec} />
            </div>
          </details>
          <div>
            <Button variant="outline" size="sm" onClick={() => downloadCsv(spec)}>
              <Download aria-hidden="true" />
              {`Download CSV`}
              <span className="sr-only">{` of ${spec.title.toLowerCase()}`}</span>
            </Button>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
