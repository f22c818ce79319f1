import { Gift } from "lucide-react";
import { REFERRAL_BONUS_COINS } from "~/core/coins";
import { REFERRAL_EXPIRY_DAYS } from "~/core/earning";
import { SectionCard } from "~/web/components/ui/section-card";

/**
 * How the referral bonus works (docs/product.md, "Referral program"): 50 coins each, recorded as pending at the
 * friend's first earning activity, available once the friend's own earnings clear the server's rule, declined
 * when they have not cleared it REFERRAL_EXPIRY_DAYS after the friend signed up.
 */
export function ReferralBonusInfo({ release }: { release: { coins: number; days: number } }) {
  return (
    <SectionCard icon={Gift} title="How it works">
      <ol className="grid list-decimal gap-2 pl-5">
        <li>Share your referral link or code with a friend.</li>
        <li>Your friend signs up with it and confirms their email address.</li>
        <li>
          {`When your friend earns coins for the first time, you both get a bonus of ${REFERRAL_BONUS_COINS} coins.`}
        </li>
        <li>
          {`The bonuses show as pending first, and become available once your friend has earned ${release.coins} coins of their own on at least ${release.days} different days.`}
        </li>
        <li>
          {`A bonus that has not become available ${REFERRAL_EXPIRY_DAYS} days after your friend signed up is declined.`}
        </li>
      </ol>
    </SectionCard>
  );
}
