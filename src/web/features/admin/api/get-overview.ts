import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminOverview } from "~/core/api/admin";
import { api, call } from "~/web/lib/api";

export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return call(() => api.admin.overview.$get(undefined, { init: { signal } }));
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "overview"] as const,
    queryFn: ({ signal }) => getOverview(signal),
    staleTime: 0,
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
