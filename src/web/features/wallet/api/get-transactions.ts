import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "~/web/lib/api-client";

/** One row of the user's coin ledger, as GET /api/ledger/transactions answers it. */
export interface Transaction {
  id: number;
  kind: string;
  reason: string;
  /** Positive for earnings; negative for anything that takes coins away. */
  amount: number;
  createdAt: string;
}

export interface TransactionsPage {
  entries: Transaction[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: number | null;
}

export const TRANSACTIONS_PAGE_SIZE = 10;

export function getTransactions(before: number | undefined, signal?: AbortSignal): Promise<TransactionsPage> {
  const query = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE) });
  if (before !== undefined) query.set("before", String(before));
  return apiFetch<TransactionsPage>(`/api/ledger/transactions?${query}`, { signal });
}

/** Newest first, a page at a time; per user, and fetched afresh on every visit (coins are earned elsewhere). */
export const transactionsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["wallet", "transactions", userId] as const,
    queryFn: ({ pageParam, signal }) => getTransactions(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useTransactions(userId: string) {
  return useInfiniteQuery(transactionsQueryOptions(userId));
}
