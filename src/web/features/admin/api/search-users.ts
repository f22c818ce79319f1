import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUserList } from "~/core/api/admin";
import { api, call } from "~/web/lib/api";

export function searchUsers(q: string, page: number, signal?: AbortSignal): Promise<AdminUserList> {
  const query = q ? { page: String(page), q } : { page: String(page) };
  return call(() => api.admin.users.$get({ query }, { init: { signal } }));
}

export const usersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: ["admin", "users", q, page] as const,
    queryFn: ({ signal }) => searchUsers(q, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useUsers(q: string, page: number) {
  return useQuery(usersQueryOptions(q, page));
}
