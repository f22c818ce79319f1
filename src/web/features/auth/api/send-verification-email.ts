import { useMutation } from "@tanstack/react-query";
import { type StatusResponse, statusResponseSchema } from "~/core/api/auth";
import { paths } from "~/web/config/paths";
import { apiCall } from "~/web/lib/api-client";

/**
 * POST /api/auth/send-verification-email: a new confirmation link for an unconfirmed account. Answers the same
 * for unknown or already confirmed addresses.
 */
export function sendVerificationEmail(email: string): Promise<StatusResponse> {
  return apiCall("/api/auth/send-verification-email", statusResponseSchema, {
    body: { email, callbackURL: paths.auth.getHref() },
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
