import { ledgerKindLabels } from "~/core/admin";
import { PagedList } from "~/web/components/paged-list";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { Words } from "~/web/components/words";
import { useUserLedger } from "../api/get-user-ledger";
import { formatCoins, formatTime } from "./format";

/** The user's coin history, newest first, 20 at a time. */
export function UserLedger({ userId }: { userId: string }) {
  const query = useUserLedger(userId);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Coin history</CardTitle>
      </CardHeader>
      <CardContent>
        <PagedList
          query={query}
          what="the history"
          count={entries.length}
          empty="No coins yet."
          loadMoreClassName="mt-3"
        >
          <ul aria-label="Coin history" className="divide-y">
            {entries.map((e) => (
              <li key={e.id} className="flex items-center justify-between gap-4 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    <Words text={e.reason} />
                  </p>
                  <p className="text-sm text-muted-foreground">{`${ledgerKindLabels[e.kind] ?? e.kind} · ${formatTime(e.createdAt)}`}</p>
                </div>
                <p className="shrink-0 font-semibold tabular-nums">{formatCoins(e.amount)}</p>
              </li>
            ))}
          </ul>
        </PagedList>
      </CardContent>
    </Card>
  );
}
