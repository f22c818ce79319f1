import { Gift } from "lucide-react";
import { REFERRAL_BONUS_COINS } from "~/core/coins";
import { publicSettings } from "~/web/lib/public-settings";
import { useReferralCodeCheck } from "../api/check-referral-code";
import { AuthAlert } from "./auth-alert";

/**
 * The `?ref=` landing's word on the bonus (docs/product.md, "Referral program"): nothing until the server said
 * the code names a referrer; then what the friend gets and the rule that releases it, from this server's
 * settings; for a code nobody has, that no bonus comes with it.
 */
export function ReferralLanding({ code }: { code: string }) {
  const check = useReferralCodeCheck(code);
  const { referralReleaseCoins: coins, referralReleaseDays: days } = publicSettings();
  if (check.data?.valid === false)
    return (
      <AuthAlert title="Invalid referral code. Proceeding without referral." variant="info">
        <p>No account has this code, so no referral bonus comes with this link. You can still sign up.</p>
      </AuthAlert>
    );
  if (check.data?.valid !== true) return null;
  return (
    <AuthAlert
      title={`You were invited: ${REFERRAL_BONUS_COINS} bonus coins for you and your friend`}
      variant="info"
    >
      <p className="flex gap-2">
        <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {`Sign up with the code below. At your first earning (a game win, a quiz answer or a video) you both get ${REFERRAL_BONUS_COINS} coins as pending; they become yours to redeem once you have earned ${coins} coins of your own on ${days} different days.`}
        </span>
      </p>
    </AuthAlert>
  );
}
