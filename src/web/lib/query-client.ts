import { QueryClient } from "@tanstack/react-query";

/** The one query cache of the app. Mutations invalidate by the query's own key. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});
