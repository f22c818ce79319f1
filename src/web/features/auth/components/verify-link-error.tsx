import { AuthAlert } from "./auth-alert";
import { ResendConfirmation } from "./resend-confirmation";

/** better-auth's reasons for refusing a confirmation link (`/auth?verifyError=CODE`). */
const reasons: Record<string, string> = {
  TOKEN_EXPIRED: "This confirmation link has expired.",
  INVALID_TOKEN: "This confirmation link is invalid or has already been used.",
  USER_NOT_FOUND: "The account for this confirmation link no longer exists. You can register again.",
};

/** Shown when a confirmation link did not work, with a form to get a new one (issue: expired or used link). */
export function VerifyLinkError({ code }: { code: string }) {
  return (
    <AuthAlert
      title="Your email address could not be confirmed"
      variant="error"
      role="alert"
      className="mx-auto mb-6 w-full max-w-md"
    >
      <p>{reasons[code] ?? "This confirmation link has expired or has already been used."}</p>
      <p>Enter your email address to get a new confirmation link. Links are valid for 24 hours.</p>
      <ResendConfirmation label="Send new confirmation link" />
    </AuthAlert>
  );
}
