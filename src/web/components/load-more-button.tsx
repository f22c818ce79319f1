import { Button } from "~/web/components/ui/button";

/** What `LoadMoreButton` reads of a TanStack infinite query. */
export interface NextPageStatus {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Load more' of a list read a page at a time (newest first); nothing once the last page is there. */
export function LoadMoreButton({ query, className }: { query: NextPageStatus; className?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className={className}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? "Loading..." : "Load more"}
    </Button>
  );
}
