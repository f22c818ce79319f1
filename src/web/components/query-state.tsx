import type { ReactNode } from "react";
import { Button } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";

/** Loading and error states of a console query; `children` once the data is there. */
export function QueryState({
  isPending,
  error,
  onRetry,
  what,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  /** e.g. "the overview", in 'Could not load the overview: …'. */
  what: string;
  children: ReactNode;
}) {
  if (isPending)
    return (
      <div className="flex justify-center py-8">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  if (error)
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p role="alert">{`Could not load ${what}: ${error.message}`}</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  return <>{children}</>;
}
