import { TriangleAlert } from "lucide-react";
import { ledgerKindLabels } from "~/core/admin";
import { QueryState } from "~/web/components/query-state";
import { AppLink } from "~/web/components/ui/app-link";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { useOverview } from "../api/get-overview";

const kindLabels = ledgerKindLabels;

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 pt-6">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

/**
 * Users, coins issued per channel, what the platform owes (live accounts) apart from what deleted accounts forfeited
 * (breakage), and the queues waiting for an operator.
 */
export function OverviewPanel() {
  const query = useOverview();
  const data = query.data;
  return (
    <QueryState query={query} what="the overview">
      {data ? (
        <div className="flex flex-col gap-6">
          {data.dualControl.warning ? (
            <div
              role="alert"
              className="flex gap-3 rounded-2xl border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
            >
              <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
              <p>{data.dualControl.warning}</p>
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-3">
            <Stat
              label="Users"
              value={String(data.users.total)}
              detail={`Every sign-up, deleted accounts included; ${data.users.newLast7Days} new in the last 7 days`}
            />
            <Stat
              label="Outstanding liability"
              value={`${data.liability.coins} Coins`}
              detail={`$${data.liability.dollars} owed to live accounts`}
            />
            <Stat
              label="Breakage"
              value={`${data.breakage.coins} Coins`}
              detail={`$${data.breakage.dollars} forfeited by ${data.breakage.accounts} deleted ${data.breakage.accounts === 1 ? "account" : "accounts"}; owed to nobody`}
            />
            {data.pending.map((p) => (
              <Card key={p.key}>
                <CardContent className="flex flex-col gap-1 pt-6">
                  <p className="text-sm text-muted-foreground">{p.label}</p>
                  <p className="text-2xl font-bold tabular-nums">{p.count}</p>
                  {p.dollars === undefined ? null : (
                    <p className="text-sm text-muted-foreground tabular-nums">{`$${p.dollars}`}</p>
                  )}
                  <AppLink to={p.href} className="text-sm font-medium underline underline-offset-4">
                    {`Open ${p.label.toLowerCase()}`}
                  </AppLink>
                </CardContent>
              </Card>
            ))}
          </div>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Coins issued</CardTitle>
            </CardHeader>
            <CardContent className="overflow-x-auto">
              {data.issued.length === 0 ? (
                <p className="text-muted-foreground">No coins issued in the last 7 days.</p>
              ) : (
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="border-b">
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Channel
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-medium">
                        Today (UTC)
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        Last 7 days
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.issued.map((row) => (
                      <tr key={row.kind} className="border-b last:border-0">
                        <th scope="row" className="py-2 pr-4 font-normal">
                          {kindLabels[row.kind] ?? row.kind}
                        </th>
                        <td className="py-2 pr-4 text-right tabular-nums">{row.today}</td>
                        <td className="py-2 text-right tabular-nums">{row.last7Days}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </CardContent>
          </Card>
        </div>
      ) : null}
    </QueryState>
  );
}
