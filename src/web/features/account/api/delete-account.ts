import { useMutation } from "@tanstack/react-query";
import type { AccountDeleted, DeleteAccountInput } from "~/core/api/account";
import { api, call } from "~/web/lib/api";

export function deleteAccount(body: DeleteAccountInput): Promise<AccountDeleted> {
  return call(() => api.account.delete.$post({ json: body }));
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
