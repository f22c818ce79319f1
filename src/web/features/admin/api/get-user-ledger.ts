import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminLedgerPage } from "~/core/api/admin";
import { api, call } from "~/web/lib/api";

const PAGE_SIZE = 20;

export function getUserLedger(
  userId: string,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<AdminLedgerPage> {
  const limit = String(PAGE_SIZE);
  const query = before === undefined ? { limit } : { limit, before };
  return call(() =>
    api.admin.users[":userId"].ledger.$get({ param: { userId }, query }, { init: { signal } }),
  );
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
