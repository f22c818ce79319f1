import { useMutation } from "@tanstack/react-query";
import { paths } from "~/web/config/paths";
import { apiFetch } from "~/web/lib/api-client";

/**
 * POST /api/auth/request-password-reset: mails a link to /update-password (SPEC §7: the site's origin plus
 * /update-password). Answers the same for unknown addresses.
 */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiFetch("/api/auth/request-password-reset", {
    body: { email, redirectTo: `${window.location.origin}${paths.updatePassword.getHref()}` },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
