import { Spinner } from "~/web/components/ui/spinner";
import { useReferrals } from "../api/get-referrals";
import { OwnReferralBonusCard } from "./own-referral-bonus";
import { ReferralBonusInfo } from "./referral-bonus-info";
import { ReferralLinkCard } from "./referral-link-card";
import { ReferredFriends } from "./referred-friends";

/** A spinner, then the user's own bonus (when they were referred), the link and code with Copy, the bonus explanation and the referred friends. */
export function ReferralProgram({ userId }: { userId: string }) {
  const query = useReferrals(userId);
  if (query.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading your referral link" />
      </div>
    );
  const view = query.data;
  return (
    <div className="grid gap-6">
      {view?.ownBonus ? <OwnReferralBonusCard own={view.ownBonus} release={view.release} /> : null}
      <ReferralLinkCard link={view?.link ?? null} code={view?.code ?? null} />
      {view ? <ReferralBonusInfo release={view.release} /> : null}
      {view?.code ? <ReferredFriends friends={view.friends} release={view.release} /> : null}
    </div>
  );
}
