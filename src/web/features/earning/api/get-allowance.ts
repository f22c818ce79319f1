import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Allowance } from "~/core/earning";
import { allowanceQueryKey } from "~/web/lib/allowance";
import { apiFetch } from "~/web/lib/api-client";

export function getAllowance(signal?: AbortSignal): Promise<Allowance> {
  return apiFetch<Allowance>("/api/earning/allowance", { signal });
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
