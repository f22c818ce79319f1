import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { AccountKycDocuments } from "~/core/api/account";
import { api, call } from "~/web/lib/api";
import { toApiError } from "~/web/lib/api-client";

export const kycDocumentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["account", userId, "kyc-documents"] as const,
    queryFn: ({ signal }): Promise<AccountKycDocuments> =>
      call(() => api.account.export["kyc-documents"].$get(undefined, { init: { signal } })),
  });

export function useKycDocuments(userId: string) {
  return useQuery(kycDocumentsQueryOptions(userId));
}

/** The document's bytes after the password check, saved as a file by the browser. */
async function downloadKycDocument({ id, password }: { id: string; password: string }): Promise<void> {
  const res = await api.account.export["kyc-documents"][":id"].$post({ param: { id }, json: { password } });
  if (!res.ok) throw toApiError(res.status, await res.json().catch(() => null));
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "kyc-document";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadKycDocument() {
  return useMutation({ mutationFn: downloadKycDocument });
}
