import { useMutation } from "@tanstack/react-query";
import { type SignUpResponse, signUpResponseSchema } from "~/core/api/auth";
import { apiCall } from "~/web/lib/api-client";

export interface SignUpInput {
  email: string;
  password: string;
  /** docs/product.md: optional, sent as null when empty. */
  referralCode: string | null;
}

/** What the server did with the referral code (applied / invalid / none), beside the new account. */
export type SignUpResult = SignUpResponse;

/**
 * POST /api/auth/sign-up/email. Creates the account (unconfirmed) and mails the confirmation link. An address
 * that is already registered answers exactly the same (no account enumeration).
 */
export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return apiCall("/api/auth/sign-up/email", signUpResponseSchema, { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
