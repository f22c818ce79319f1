import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUserList } from "~/core/admin";
import { apiFetch } from "~/web/lib/api-client";

export function searchUsers(q: string, page: number, signal?: AbortSignal): Promise<AdminUserList> {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set("q", q);
  return apiFetch<AdminUserList>(`/api/admin/users?${params}`, { signal });
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
