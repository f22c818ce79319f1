import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlayerStats } from "~/core/api/stats";
import { api, call } from "~/web/lib/api";

export function getPlayerStats(signal?: AbortSignal): Promise<PlayerStats> {
  return call(() => api.me.stats.$get(undefined, { init: { signal } }));
}

/** The player's last 30 days; fetched afresh on every visit (every earning changes today). */
export const playerStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["me", "stats", userId] as const,
    queryFn: ({ signal }) => getPlayerStats(signal),
    staleTime: 0,
  });

export function usePlayerStats(userId: string | null) {
  return useQuery({ ...playerStatsQueryOptions(userId ?? ""), enabled: userId !== null });
}
