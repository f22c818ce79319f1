import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StreakView } from "~/core/api/streak";
import { api, call } from "~/web/lib/api";

export function getStreak(signal?: AbortSignal): Promise<StreakView> {
  return call(() => api.streak.$get(undefined, { init: { signal } }));
}

/** The daily goal and streak of `userId`; fetched afresh on every visit (every earning changes it). */
export const streakQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["streak", userId] as const,
    queryFn: ({ signal }) => getStreak(signal),
    staleTime: 0,
  });

export function useStreak(userId: string | null) {
  return useQuery({ ...streakQueryOptions(userId ?? ""), enabled: userId !== null });
}
