import { type ChartSpec, cellText } from "./chart-spec";

/** The chart's numbers as a real table: a caption, a header per series, a row header per label. */
export function ChartTable({ spec }: { spec: ChartSpec }) {
  return (
    // Focusable and named: a keyboard can scroll a table wider than a phone (the page itself never scrolls sideways).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="overflow-x-auto" aria-labelledby={`${spec.id}-caption`} tabIndex={0}>
      <table className="w-full text-left text-sm tabular-nums">
        <caption id={`${spec.id}-caption`} className="pb-2 text-left text-muted-foreground">
          {`${spec.title}: the numbers`}
        </caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-1 pr-3 font-medium">
              {spec.rowHeader}
            </th>
            {spec.series.map((s) => (
              <th key={s.label} scope="col" className="py-1 pr-3 text-right font-medium">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spec.labels.map((label, i) => (
            <tr key={label} className="border-b last:border-0">
              <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                {label}
              </th>
              {spec.series.map((s) => (
                <td key={s.label} className="py-1 pr-3 text-right">
                  {cellText(s, s.values[i] ?? null)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
