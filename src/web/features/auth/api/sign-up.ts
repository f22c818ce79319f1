import { useMutation } from "@tanstack/react-query";
import type { ReferralOutcome } from "~/core/referral-code";
import { apiFetch } from "~/web/lib/api-client";

export interface SignUpInput {
  email: string;
  password: string;
  /** SPEC §5: optional, sent as null when empty. */
  referralCode: string | null;
}

export interface SignUpResult {
  /** What the server did with the referral code; missing only if the server did not say. */
  referral?: ReferralOutcome;
}

/**
 * POST /api/auth/sign-up/email. Creates the account (unconfirmed) and mails the confirmation link. An address
 * that is already registered answers exactly the same (no account enumeration).
 */
export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return apiFetch<SignUpResult>("/api/auth/sign-up/email", { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
