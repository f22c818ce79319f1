import { useMutation } from "@tanstack/react-query";
import { api, call } from "~/web/lib/api";

/** better-auth's change-password behind our route: it ends every other session of the user (ADR 020). */
export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return call(() => api.auth["change-password"].$post({ json: body }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
