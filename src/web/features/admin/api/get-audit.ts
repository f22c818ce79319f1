import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditPage } from "~/core/admin";
import { apiFetch } from "~/web/lib/api-client";

export interface AuditFilter {
  actor: string;
  target: string;
  action: string;
}

export function getAudit(filter: AuditFilter, before: number | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: "50" });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (before !== undefined) params.set("before", String(before));
  return apiFetch<AuditPage>(`/api/admin/audit?${params}`, { signal });
}

export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ["admin", "audit", filter] as const,
    queryFn: ({ pageParam, signal }) => getAudit(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
