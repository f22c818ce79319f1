import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { HistoryLine, TransactionsPage } from "~/core/api/account";
import { api, call } from "~/web/lib/api";

/**
 * One line of the user's coin history as the server groups it (a quiz session's rows are one line); the page's
 * shape is the server's answer (src/core/api/account.ts).
 */
export type TransactionLine = HistoryLine;

export const TRANSACTIONS_PAGE_SIZE = 10;

export function getTransactions(before: number | undefined, signal?: AbortSignal): Promise<TransactionsPage> {
  const limit = String(TRANSACTIONS_PAGE_SIZE);
  const query = before === undefined ? { limit } : { limit, before };
  return call(() => api.ledger.transactions.$get({ query }, { init: { signal } }));
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

export function useTransactions(userId: string, enabled = true) {
  return useInfiniteQuery({ ...transactionsQueryOptions(userId), enabled });
}
