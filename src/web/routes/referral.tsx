import { Gift } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { LoginPrompt } from "~/web/components/login-prompt";
import { Spinner } from "~/web/components/ui/spinner";
import { ReferralProgram } from "~/web/features/referral/components/referral-program";
import { useSession } from "~/web/lib/session";

/** /referral (docs/product.md): the user's link and code with Copy, the bonus, the friends; guests get a prompt. */
export function ReferralRoute() {
  const { status, user } = useSession();
  return (
    <Page
      title="Referral Program"
      icon={Gift}
      description="Invite your friends and earn bonus coins together."
    >
      <div className="mx-auto max-w-2xl">
        {status === "loading" ? (
          <div className="flex justify-center">
            <Spinner />
          </div>
        ) : user ? (
          <ReferralProgram key={user.id} userId={user.id} />
        ) : (
          <LoginPrompt
            message="Log in or create an account to get your referral link and invite friends."
            linkLabel="Login / Register"
          />
        )}
      </div>
    </Page>
  );
}
