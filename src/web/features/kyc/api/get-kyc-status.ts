import { queryOptions, useQuery } from "@tanstack/react-query";
import type { KycPageResponse } from "~/core/api/kyc";
import { api, call } from "~/web/lib/api";

export function getKycStatus(signal?: AbortSignal): Promise<KycPageResponse> {
  return call(() => api.kyc.$get(undefined, { init: { signal } }));
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
