import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Allowance } from "~/core/api/earning";
import { allowanceQueryKey } from "~/web/lib/allowance";
import { api, call } from "~/web/lib/api";

export function getAllowance(signal?: AbortSignal): Promise<Allowance> {
  return call(() => api.earning.allowance.$get(undefined, { init: { signal } }));
}

/** Today's allowance of `userId`; fetched afresh on every visit, refreshed by every earning action. */
export const allowanceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: allowanceQueryKey(userId),
    queryFn: ({ signal }) => getAllowance(signal),
    staleTime: 0,
  });

export function useAllowance(userId: string | null) {
  return useQuery({ ...allowanceQueryOptions(userId ?? ""), enabled: userId !== null });
}
