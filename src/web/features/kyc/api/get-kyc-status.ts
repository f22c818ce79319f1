import { queryOptions, useQuery } from "@tanstack/react-query";
import type { KycPageResponse } from "~/core/kyc";
import { apiFetch } from "~/web/lib/api-client";

export function getKycStatus(signal?: AbortSignal): Promise<KycPageResponse> {
  return apiFetch<KycPageResponse>("/api/kyc", { signal });
}

export const kycStatusQueryOptions = () =>
  queryOptions({
    queryKey: ["kyc", "status"] as const,
    queryFn: ({ signal }) => getKycStatus(signal),
    staleTime: 0,
  });

export function useKycStatus(enabled: boolean) {
  return useQuery({ ...kycStatusQueryOptions(), enabled });
}
