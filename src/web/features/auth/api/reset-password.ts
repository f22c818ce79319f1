import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "~/web/lib/api-client";

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/**
 * POST /api/auth/reset-password with the token of the reset mail. The server then revokes every session of
 * the user. A used, expired or unknown token → 400 INVALID_TOKEN.
 */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiFetch("/api/auth/reset-password", { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
