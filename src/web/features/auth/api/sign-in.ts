import { useMutation } from "@tanstack/react-query";
import { signInResponseSchema } from "~/core/api/auth";
import { apiCall } from "~/web/lib/api-client";
import type { SessionUser } from "~/web/lib/session";

export interface Credentials {
  email: string;
  password: string;
}

/**
 * POST /api/auth/sign-in/email. Sets the session cookie; refused until the address is confirmed
 * (403 EMAIL_NOT_VERIFIED) and for a wrong password (401 INVALID_EMAIL_OR_PASSWORD).
 */
export async function signIn(credentials: Credentials): Promise<SessionUser & { firstSignIn: boolean }> {
  const { user, firstSignIn } = await apiCall("/api/auth/sign-in/email", signInResponseSchema, {
    body: credentials,
  });
  return { id: user.id, email: user.email, role: user.role === "admin" ? "admin" : "user", firstSignIn };
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
