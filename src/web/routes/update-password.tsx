import { KeyRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { Page } from "~/web/components/layout/page";
import { ResetLinkProblem } from "~/web/features/auth/components/reset-link-problem";
import { UpdatePasswordForm } from "~/web/features/auth/components/update-password-form";
import { setSession, useSession } from "~/web/lib/session";

/**
 * /update-password?token=… (docs/product.md): the target of the reset mail. `?error=INVALID_TOKEN` (better-auth's answer
 * for a bad link) or no token → a way to request a new mail.
 */
export function UpdatePasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const usable = Boolean(token) && !params.get("error");
  usePasswordRecoveryEvent(usable);

  return (
    <Page title="Update Password" icon={KeyRound} description="Choose a new password for your account.">
      {token && usable ? (
        <UpdatePasswordForm key={token} token={token} />
      ) : (
        <ResetLinkProblem reason={token || params.get("error") ? "expired" : "missing"} />
      )}
    </Page>
  );
}

/** docs/product.md's "password recovery" session event, once per visit with a reset token, after the initial check. */
function usePasswordRecoveryEvent(active: boolean) {
  const { status, user } = useSession();
  const emitted = useRef(false);
  useEffect(() => {
    if (!active || status === "loading" || emitted.current) return;
    emitted.current = true;
    setSession(user, "PASSWORD_RECOVERY");
  }, [active, status, user]);
}
