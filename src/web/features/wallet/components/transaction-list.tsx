import { History } from "lucide-react";
import { LoadMoreButton } from "~/web/components/load-more-button";
import { Button } from "~/web/components/ui/button";
import { SectionCard } from "~/web/components/ui/section-card";
import { Spinner } from "~/web/components/ui/spinner";
import { Words } from "~/web/components/words";
import { cn } from "~/web/lib/cn";
import { type TransactionLine, useTransactions } from "../api/get-transactions";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function TransactionRow({ entry }: { entry: TransactionLine }) {
  const earned = entry.amount >= 0;
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">
          <Words text={entry.reason} />
        </p>
        <time dateTime={entry.createdAt} className="text-sm text-muted-foreground">
          {dateFormat.format(new Date(entry.createdAt))}
        </time>
      </div>
      <p
        className={cn(
          "shrink-0 font-semibold tabular-nums",
          earned ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
        )}
      >
        {`${earned ? "+" : "-"}${Math.abs(entry.amount)} Coins`}
      </p>
    </li>
  );
}

/**
 * 'Recent Transactions': the user's real ledger, newest first, with 'Load more' (see ADR 009). The lines are the
 * server's (a quiz session's rows are one line with its whole amount), shown as they come.
 */
export function TransactionList({ userId }: { userId: string }) {
  const query = useTransactions(userId);
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <SectionCard icon={History} title="Recent Transactions">
      {query.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading transactions" />
        </div>
      ) : !query.data ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <p role="alert">{`Could not load your transactions: ${query.error?.message ?? "unknown error"}`}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">
          No transactions yet. Win a game, answer a quiz or watch a video to earn your first coins.
        </p>
      ) : (
        <>
          <ul aria-label="Transactions" className="divide-y">
            {entries.map((entry) => (
              <TransactionRow key={entry.id} entry={entry} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="mt-4 flex flex-col items-center gap-2">
              {query.isFetchNextPageError ? (
                <p role="alert" className="text-sm">{`Could not load more: ${query.error?.message}`}</p>
              ) : null}
              <LoadMoreButton query={query} />
            </div>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
