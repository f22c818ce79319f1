import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { KycQueueResponse } from "~/core/api/kyc";
import { api, call } from "~/web/lib/api";

/** A page of the pending queue: the first, or the one after the cursor `after` (the previous page's `nextCursor`). */
export function getKycQueue(after: string | undefined, signal?: AbortSignal): Promise<KycQueueResponse> {
  const query: { status: "pending"; after?: string } = { status: "pending" };
  if (after) query.after = after;
  return call(() => api.admin.kyc.$get({ query }, { init: { signal } }));
}

export const kycQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["admin", "kyc", "queue"] as const,
    queryFn: ({ pageParam, signal }) => getKycQueue(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useKycQueue() {
  return useInfiniteQuery(kycQueueQueryOptions());
}
