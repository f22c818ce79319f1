import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type BusinessStats, businessStatsSchema } from "~/core/api/stats";
import { apiCall } from "~/web/lib/api-client";

export type StatsRange = 30 | 90;

/** GET /api/admin/stats?days=30|90: the business day by day (the console's charts), checked against the contract. */
export function getStats(days: StatsRange, signal?: AbortSignal): Promise<BusinessStats> {
  return apiCall(`/api/admin/stats?days=${days}`, businessStatsSchema, { signal });
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
