import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditPage } from "~/core/api/admin";
import { api, call } from "~/web/lib/api";

export interface AuditFilter {
  actor: string;
  target: string;
  action: string;
}

export function getAudit(
  filter: AuditFilter,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const query: Partial<AuditFilter> & { limit: string; before?: number } = { limit: "50" };
  for (const key of ["actor", "target", "action"] as const) if (filter[key]) query[key] = filter[key];
  if (before !== undefined) query.before = before;
  return call(() => api.admin.audit.$get({ query }, { init: { signal } }));
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
