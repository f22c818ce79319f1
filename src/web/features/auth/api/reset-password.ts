import { useMutation } from "@tanstack/react-query";
import { type StatusResponse, statusResponseSchema } from "~/core/api/auth";
import { apiCall } from "~/web/lib/api-client";

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/**
 * POST /api/auth/reset-password with the token of the reset mail. The server then revokes every session of
 * the user. A used, expired or unknown token → 400 INVALID_TOKEN.
 */
export function resetPassword(input: ResetPasswordInput): Promise<StatusResponse> {
  return apiCall("/api/auth/reset-password", statusResponseSchema, { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
