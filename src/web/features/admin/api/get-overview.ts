import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminOverview } from "~/core/admin";
import { apiFetch } from "~/web/lib/api-client";

export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return apiFetch<AdminOverview>("/api/admin/overview", { signal });
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
