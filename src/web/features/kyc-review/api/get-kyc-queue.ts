import { queryOptions, useQuery } from "@tanstack/react-query";
import type { KycQueueResponse } from "~/core/kyc";
import { apiFetch } from "~/web/lib/api-client";

export function getKycQueue(signal?: AbortSignal): Promise<KycQueueResponse> {
  return apiFetch<KycQueueResponse>("/api/admin/kyc?status=pending", { signal });
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
