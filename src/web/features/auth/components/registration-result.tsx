import type { ReferralOutcome } from "~/core/referral-code";
import { EmailText } from "~/web/components/ui/email-text";
import { notify } from "~/web/lib/notify";
import { AuthAlert } from "./auth-alert";
import { ResendConfirmation } from "./resend-confirmation";

/** What a sign-up did with its referral code: the server's outcome, "error" if it did not say, null for no code. */
export type ReferralResult = Exclude<ReferralOutcome, "none"> | "error" | null;

/** The sign-up's referral result: null without a code; "error" when the server gave no usable answer. */
export function referralResultOf(code: string | null, referral: ReferralOutcome | undefined): ReferralResult {
  if (code === null) return null;
  return referral === "applied" || referral === "invalid" ? referral : "error";
}

/**
 * The notices of a successful sign-up in docs/product.md's order. One notice is visible at a time, so the last one,
 * 'Check Your Email' (10000 ms), is the one that stays; `RegistrationResult` keeps every text on the page.
 */
export function announceRegistration(referral: ReferralResult): void {
  notify({
    title: "Registration Successful",
    description: "Welcome! Please check your email to confirm your account.",
  });
  if (referral === "applied")
    notify({ title: "Referral Applied!", description: "Referral successfully applied." });
  if (referral === "error")
    notify({
      title: "Referral Error",
      description: "Could not apply referral code.",
      variant: "destructive",
    });
  notify({
    title: "Check Your Email",
    description: "A confirmation link has been sent to your email. Please verify to login.",
    duration: 10000,
  });
}

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
 * is replaced (one notice at a time, docs/decisions/017-guest-access.md), with a way to get the mail again.
 */
export function RegistrationResult({ email, referral }: RegistrationResultProps) {
  return (
    <AuthAlert title="Registration Successful" role="status">
      <p>Welcome! Please check your email to confirm your account.</p>
      <p>
        A confirmation link has been sent to{" "}
        <strong>
          <EmailText email={email} />
        </strong>
        . Please verify to login.
      </p>
      {referral ? <p className="font-medium">{referralText[referral]}</p> : null}
      <ResendConfirmation email={email} />
    </AuthAlert>
  );
}
