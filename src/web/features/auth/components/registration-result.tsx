import type { ReferralOutcome } from "~/core/referral-code";
import { AuthAlert } from "./auth-alert";
import { ResendConfirmation } from "./resend-confirmation";

/** What a sign-up did with its referral code: the server's outcome, "error" if it did not say, null for no code. */
export type ReferralResult = Exclude<ReferralOutcome, "none"> | "error" | null;

export interface RegistrationResultProps {
  email: string;
  referral: ReferralResult;
}

const referralText: Record<Exclude<ReferralResult, null>, string> = {
  applied: "Referral Applied! Referral successfully applied.",
  invalid: "Invalid referral code. Proceeding without referral.",
  error: "Referral Error: Could not apply referral code.",
};

/**
 * Stays on the page after a successful sign-up, so every message of the flow can be read after its notice
 * is replaced (one notice at a time, docs/decisions/007-guest-access.md), with a way to get the mail again.
 */
export function RegistrationResult({ email, referral }: RegistrationResultProps) {
  return (
    <AuthAlert title="Registration Successful" role="status">
      <p>Welcome! Please check your email to confirm your account.</p>
      <p>
        A confirmation link has been sent to <strong className="break-all">{email}</strong>. Please verify to
        login.
      </p>
      {referral ? <p className="font-medium">{referralText[referral]}</p> : null}
      <ResendConfirmation email={email} />
    </AuthAlert>
  );
}
