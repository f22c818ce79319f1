import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUserList } from "~/core/api/admin";
import { api, call } from "~/web/lib/api";

/** Where a page of the users list starts: after (older than) or before (newer than) a row's cursor, or the top. */
export type UsersPlace = { after: string } | { before: string } | Record<string, never>;

export function searchUsers(q: string, place: UsersPlace, signal?: AbortSignal): Promise<AdminUserList> {
  const query = { ...(q ? { q } : {}), ...place };
  return call(() => api.admin.users.$get({ query }, { init: { signal } }));
}

export const usersQueryOptions = (q: string, place: UsersPlace) =>
  queryOptions({
    queryKey: ["admin", "users", q, place] as const,
    queryFn: ({ signal }) => searchUsers(q, place, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useUsers(q: string, place: UsersPlace) {
  return useQuery(usersQueryOptions(q, place));
}
