import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUserDetail } from "~/core/api/admin";
import { api, call } from "~/web/lib/api";

export function getUser(userId: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return call(() => api.admin.users[":userId"].$get({ param: { userId } }, { init: { signal } }));
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
