import { queryOptions, useQuery } from "@tanstack/react-query";
import type { KycSubmissionDetail } from "~/core/kyc";
import { apiFetch } from "~/web/lib/api-client";

export function getKycSubmission(id: string, signal?: AbortSignal): Promise<KycSubmissionDetail> {
  return apiFetch<KycSubmissionDetail>(`/api/admin/kyc/${encodeURIComponent(id)}`, { signal });
}

export const kycSubmissionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["admin", "kyc", "submission", id] as const,
    queryFn: ({ signal }) => getKycSubmission(id, signal),
    staleTime: 0,
  });

export function useKycSubmission(id: string) {
  return useQuery(kycSubmissionQueryOptions(id));
}

/** Where an administrator opens the document (served by the API with a sandboxing policy, never cached). */
export const kycDocumentHref = (id: string) => `/api/admin/kyc/${encodeURIComponent(id)}/document`;
