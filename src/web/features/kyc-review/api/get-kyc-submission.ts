import { queryOptions, useQuery } from "@tanstack/react-query";
import type { KycSubmissionDetail } from "~/core/api/kyc";
import { api, call } from "~/web/lib/api";

export function getKycSubmission(id: string, signal?: AbortSignal): Promise<KycSubmissionDetail> {
  return call(() => api.admin.kyc[":id"].$get({ param: { id } }, { init: { signal } }));
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
