import { ReferralReviews } from "~/web/features/admin/components/referral-reviews";
import { ConsolePage } from "./console-page";

/** /admin/referrals: referral bonus pairs held for review, released or declined with a reason. */
export function AdminReferralsRoute() {
  return (
    <ConsolePage title="Referral reviews">
      <ReferralReviews />
    </ConsolePage>
  );
}
