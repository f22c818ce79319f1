import type { ReactNode } from "react";
import { Button } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";

/** What `QueryState` reads of a TanStack query (a plain or an infinite one). */
export interface QueryStatus {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** Loading and error states of a page's query, with 'Try again'; `children` once the data is there. */
export function QueryState({
  query,
  what,
  children,
}: {
  query: QueryStatus;
  /** e.g. "the overview", in 'Could not load the overview: …'. */
  what: string;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="flex justify-center py-8">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  if (query.error)
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p role="alert">{`Could not load ${what}: ${query.error.message}`}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  return <>{children}</>;
}
