import { LogIn } from "lucide-react";
import { useEffect, useRef } from "react";
import { Navigate, useSearchParams } from "react-router";
import { Page } from "~/web/components/layout/page";
import { Spinner } from "~/web/components/ui/spinner";
import { AuthForm } from "~/web/features/auth/components/auth-form";
import { UnlockLinkNotice } from "~/web/features/auth/components/unlock-link-notice";
import { VerifyLinkError } from "~/web/features/auth/components/verify-link-error";
import { notify } from "~/web/lib/notify";
import { safeRedirectPath } from "~/web/lib/redirect";
import { useSession } from "~/web/lib/session";

/**
 * /auth (docs/product.md): login and register. `?ref=CODE` (or `?mode=register`) starts in register mode;
 * `?redirectTo=/path` is where a login returns to (else '/'); `?verified=1` / `?verifyError=CODE` arrive from the
 * confirmation link, `?unlocked=1` / `?unlockError=CODE` from the unlock link of a 'repeated sign-in attempts' mail.
 * A signed-in user is sent on at once.
 */
export function AuthRoute() {
  const { status, user } = useSession();
  const [params, setParams] = useSearchParams();
  const referralCode = params.get("ref");
  const verifyError = params.get("verifyError");
  const verified = params.get("verified") === "1";
  const unlocked = params.get("unlocked") === "1";
  const unlockError = params.get("unlockError");

  const announced = useRef(false);
  useEffect(() => {
    // Said once the session check has answered: the confirmation link signs its browser in (docs/product.md).
    if (!verified || announced.current || status === "loading") return;
    announced.current = true;
    notify({
      title: "Email Confirmed",
      description: user
        ? `Your email address has been confirmed. Welcome, ${user.email}!`
        : "Your email address has been confirmed. You can now log in.",
    });
    // Signed in, the page moves on (below); else the address bar loses the flag.
    if (!user)
      setParams(
        (current) => {
          current.delete("verified");
          return current;
        },
        { replace: true },
      );
  }, [verified, setParams, status, user]);

  if (status === "signed-in")
    return <Navigate to={safeRedirectPath(params.get("redirectTo")) ?? "/"} replace />;

  return (
    <Page
      title="Login or Register"
      icon={LogIn}
      description="Sign in to your account, or create one to start earning coins."
    >
      {status === "loading" ? (
        <div className="flex justify-center py-10">
          <Spinner label="Checking your session" />
        </div>
      ) : (
        <>
          {verifyError ? <VerifyLinkError code={verifyError} /> : null}
          {unlocked || unlockError ? <UnlockLinkNotice unlocked={unlocked} error={unlockError} /> : null}
          <AuthForm
            key={referralCode ?? ""}
            initialReferralCode={referralCode}
            startInRegister={params.get("mode") === "register"}
          />
        </>
      )}
    </Page>
  );
}
