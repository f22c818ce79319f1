import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountSessions } from "~/core/api/account";
import { api, call } from "~/web/lib/api";

export function getSessions(signal?: AbortSignal): Promise<AccountSessions> {
  return call(() => api.account.sessions.$get(undefined, { init: { signal } }));
}

export const sessionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["account", userId, "sessions"] as const,
    queryFn: ({ signal }) => getSessions(signal),
    staleTime: 0,
  });

export function useSessions(userId: string) {
  return useQuery(sessionsQueryOptions(userId));
}

/** Ends one session (`id`) or, without one, every session but this one; the list is fetched again. */
export function useEndSessions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      call(() =>
        id === null
          ? api.account.sessions["end-others"].$post()
          : api.account.sessions[":id"].end.$post({ param: { id } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(userId).queryKey }),
  });
}
