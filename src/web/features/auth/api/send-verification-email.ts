import { useMutation } from "@tanstack/react-query";
import { paths } from "~/web/config/paths";
import { apiFetch } from "~/web/lib/api-client";

/**
 * POST /api/auth/send-verification-email: a new confirmation link for an unconfirmed account. Answers the same
 * for unknown or already confirmed addresses.
 */
export function sendVerificationEmail(email: string): Promise<unknown> {
  return apiFetch("/api/auth/send-verification-email", {
    body: { email, callbackURL: paths.auth.getHref() },
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
