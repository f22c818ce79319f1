import { type SignInResponse, signInResponseSchema } from "~/core/api/auth";
import { apiCall } from "~/web/lib/api-client";

/**
 * Signs the administrator in again with their password: a new session, so sensitive changes (coin
 * adjustments, role changes) pass the fresh-session rule again.
 */
export function reauthenticate(email: string, password: string): Promise<SignInResponse> {
  return apiCall("/api/auth/sign-in/email", signInResponseSchema, { body: { email, password } });
}
