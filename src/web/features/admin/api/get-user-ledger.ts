import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "~/web/lib/api-client";

export interface AdminLedgerEntry {
  id: number;
  kind: string;
  reason: string;
  amount: number;
  createdAt: string;
}

export interface AdminLedgerPage {
  entries: AdminLedgerEntry[];
  nextCursor: number | null;
}

const PAGE_SIZE = 20;

export function getUserLedger(userId: string, before: number | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (before !== undefined) params.set("before", String(before));
  return apiFetch<AdminLedgerPage>(`/api/admin/users/${encodeURIComponent(userId)}/ledger?${params}`, {
    signal,
  });
}

export const userLedgerQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["admin", "user", userId, "ledger"] as const,
    queryFn: ({ pageParam, signal }) => getUserLedger(userId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useUserLedger(userId: string) {
  return useInfiniteQuery(userLedgerQueryOptions(userId));
}
