import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type KycFields, type KycPageResponse, kycPageResponse } from "~/core/api/kyc";
import { apiCall } from "~/web/lib/api-client";
import { kycStatusQueryOptions } from "./get-kyc-status";

export function submitKyc(fields: KycFields & { documentUpload: File }): Promise<KycPageResponse> {
  const form = new FormData();
  form.append("fullName", fields.fullName);
  form.append("documentId", fields.documentId);
  form.append("documentUpload", fields.documentUpload);
  return apiCall("/api/kyc", kycPageResponse, { method: "POST", body: form });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: (status) => queryClient.setQueryData(kycStatusQueryOptions().queryKey, status),
  });
}
