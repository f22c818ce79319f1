import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUserDetail } from "~/core/admin";
import { apiFetch } from "~/web/lib/api-client";

export function getUser(userId: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return apiFetch<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId)}`, { signal });
}

export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["admin", "user", userId] as const,
    queryFn: ({ signal }) => getUser(userId, signal),
    staleTime: 0,
  });

export function useAdminUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}
