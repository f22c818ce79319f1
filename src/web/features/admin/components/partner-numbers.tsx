import { Download } from "lucide-react";
import { useMemo } from "react";
import type { PartnerNumbers as PartnerNumbersView } from "~/core/api/partner-numbers";
import { ChartFigure } from "~/web/components/charts/chart-figure";
import { QueryState } from "~/web/components/query-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { statementUrl, usePartnerNumbers } from "../api/get-partner-numbers";
import { dollarsText, partnerChartSpec } from "./partner-chart-spec";

type Row = PartnerNumbersView["partners"][number];

const columns: { label: string; cell: (p: Row) => string }[] = [
  { label: "Postbacks", cell: (p) => String(p.postbacks) },
  { label: "Credits", cell: (p) => String(p.credits) },
  { label: "Reversals", cell: (p) => String(p.reversals) },
  { label: "Coins issued", cell: (p) => String(p.coinsIssued) },
  { label: "Dollars earned", cell: (p) => dollarsText(p.dollarsEarnedMicros) },
  { label: "Margin", cell: (p) => dollarsText(p.marginMicros) },
];

function PartnerTable({ partners, month }: { partners: Row[]; month: string }) {
  if (partners.length === 0)
    return <p className="text-muted-foreground">No partner postbacks in the last 30 days.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="relative overflow-x-auto" aria-labelledby="partner-table-caption" tabIndex={0}>
      <table className="w-full text-left text-sm tabular-nums">
        <caption id="partner-table-caption" className="pb-2 text-left text-muted-foreground">
          Each partner over the last 30 days (UTC)
        </caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 pr-3 font-medium">
              Partner
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="py-2 pr-3 text-right font-medium">
                {c.label}
              </th>
            ))}
            <th scope="col" className="py-2 font-medium">
              {`Statement ${month}`}
            </th>
          </tr>
        </thead>
        <tbody>
          {partners.map((p) => (
            <tr key={p.id} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-3 font-normal">
                {p.name}
              </th>
              {columns.map((c) => (
                <td key={c.label} className="py-2 pr-3 text-right">
                  {c.cell(p)}
                </td>
              ))}
              <td className="py-2">
                <a
                  href={statementUrl(p.id, month)}
                  download
                  className="inline-flex items-center gap-1 font-medium whitespace-nowrap underline underline-offset-4"
                >
                  <Download aria-hidden="true" className="size-4" />
                  CSV<span className="sr-only">{` of ${p.name} for ${month}`}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The earning partners in numbers on the console's overview (docs/product.md, "Earning partners"): the dollars
 * earned and the margin per day as a chart with its table, and each partner's postbacks, credits, reversals,
 * coins issued, dollars earned and margin over 30 days, with its month's statement as CSV.
 */
export function PartnerNumbers() {
  const query = usePartnerNumbers();
  const spec = useMemo(() => (query.data ? partnerChartSpec(query.data) : null), [query.data]);
  return (
    <section aria-labelledby="partner-numbers" className="flex min-w-0 flex-col gap-4">
      <h2 id="partner-numbers" className="text-xl font-semibold">
        Earning partners
      </h2>
      <QueryState query={query} what="the partners' numbers">
        {query.data && spec ? (
          <div className="grid min-w-0 grid-cols-1 gap-4 xl:grid-cols-2">
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle as="h3">Partners in the last 30 days</CardTitle>
                <CardDescription>
                  Margin is the dollars earned less the coins' value (1000 coins = $5).
                </CardDescription>
              </CardHeader>
              <CardContent className="min-w-0">
                <PartnerTable partners={query.data.partners} month={query.data.to.slice(0, 7)} />
              </CardContent>
            </Card>
            <div className="min-w-0">
              <ChartFigure spec={spec} heading="h3" />
            </div>
          </div>
        ) : null}
      </QueryState>
    </section>
  );
}
