import { queryOptions, useQuery } from "@tanstack/react-query";
import type { KycQueueResponse } from "~/core/api/kyc";
import { api, call } from "~/web/lib/api";

export function getKycQueue(signal?: AbortSignal): Promise<KycQueueResponse> {
  return call(() => api.admin.kyc.$get({ query: { status: "pending" } }, { init: { signal } }));
}

export const kycQueueQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "kyc", "queue"] as const,
    queryFn: ({ signal }) => getKycQueue(signal),
    staleTime: 0,
  });

export function useKycQueue() {
  return useQuery(kycQueueQueryOptions());
}
