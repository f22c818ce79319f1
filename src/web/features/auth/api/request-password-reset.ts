import { useMutation } from "@tanstack/react-query";
import { type RequestPasswordResetResponse, requestPasswordResetResponseSchema } from "~/core/api/auth";
import { paths } from "~/web/config/paths";
import { apiCall, referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";

/**
 * POST /api/auth/request-password-reset: mails a link to /update-password (docs/product.md: the site's origin plus
 * /update-password). Answers the same for unknown addresses.
 */
export function requestPasswordReset(email: string): Promise<RequestPasswordResetResponse> {
  return apiCall("/api/auth/request-password-reset", requestPasswordResetResponseSchema, {
    body: { email, redirectTo: `${window.location.origin}${paths.updatePassword.getHref()}` },
  });
}

/** Shows docs/product.md's 'Password Reset Email Sent' or 'Password Reset Error' (with the server's message) itself. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () =>
      notify({
        title: "Password Reset Email Sent",
        description: "Check your email for a password reset link.",
      }),
    onError: (error) =>
      notify({
        title: "Password Reset Error",
        description: error.message,
        variant: "destructive",
        reference: referenceOf(error),
      }),
  });
}
