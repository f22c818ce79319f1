import type { ReactNode } from "react";
import { LoadMoreButton, type NextPageStatus } from "~/web/components/load-more-button";
import { QueryState, type QueryStatus } from "~/web/components/query-state";

/**
 * A list read a page at a time: the query's loading and error states, the text for no entries, the entries
 * (`children`) and 'Load more'.
 */
export function PagedList({
  query,
  what,
  count,
  empty,
  loadMoreClassName,
  children,
}: {
  query: QueryStatus & NextPageStatus;
  /** e.g. "the history", in 'Could not load the history: …'. */
  what: string;
  /** How many entries are loaded. */
  count: number;
  empty: string;
  loadMoreClassName?: string;
  children: ReactNode;
}) {
  return (
    <QueryState query={query} what={what}>
      {count === 0 ? <p className="text-muted-foreground">{empty}</p> : children}
      <LoadMoreButton query={query} className={loadMoreClassName} />
    </QueryState>
  );
}
