import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { BusinessStats } from "~/core/api/stats";
import { api, call } from "~/web/lib/api";

export type StatsRange = 30 | 90;

/** GET /api/admin/stats?days=30|90: the business day by day (the console's charts). */
export function getStats(days: StatsRange, signal?: AbortSignal): Promise<BusinessStats> {
  return call(() => api.admin.stats.$get({ query: { days: String(days) } }, { init: { signal } }));
}

export const statsQueryOptions = (days: StatsRange) =>
  queryOptions({
    queryKey: ["admin", "stats", days] as const,
    queryFn: ({ signal }) => getStats(days, signal),
    staleTime: 0,
  });

/** The range's figures; the other range's stay on screen while a toggle loads (no jump to a spinner). */
export function useStats(days: StatsRange) {
  return useQuery({ ...statsQueryOptions(days), placeholderData: keepPreviousData });
}
