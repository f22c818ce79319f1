import { ReferralReviews } from "~/web/features/admin/components/referral-reviews";
import { useSession } from "~/web/lib/session";
import { ConsolePage } from "./console-page";

/** /admin/referrals: referral bonus pairs held for review, released or declined with a reason. */
export function AdminReferralsRoute() {
  const { user } = useSession();
  return (
    <ConsolePage title="Referral reviews">
      <ReferralReviews selfId={user?.id ?? ""} />
    </ConsolePage>
  );
}
