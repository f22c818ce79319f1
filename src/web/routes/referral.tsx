import { Gift } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { SessionGate } from "~/web/components/session-gate";
import { ReferralProgram } from "~/web/features/referral/components/referral-program";

/** /referral (docs/product.md): the user's link and code with Copy, the bonus, the friends; guests get a prompt. */
export function ReferralRoute() {
  return (
    <Page
      title="Referral Program"
      icon={Gift}
      description="Invite your friends and earn bonus coins together."
    >
      <div className="mx-auto max-w-2xl">
        <SessionGate
          message="Log in or create an account to get your referral link and invite friends."
          linkLabel="Login / Register"
        >
          {(user) => <ReferralProgram key={user.id} userId={user.id} />}
        </SessionGate>
      </div>
    </Page>
  );
}
