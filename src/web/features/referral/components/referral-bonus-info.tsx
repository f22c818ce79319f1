import { Gift } from "lucide-react";
import { REFERRAL_BONUS_COINS } from "~/core/coins";
import { SectionCard } from "~/web/components/ui/section-card";

/** How the referral bonus works (docs/product.md: 50 coins each, after the friend's first earning activity). */
export function ReferralBonusInfo() {
  return (
    <SectionCard icon={Gift} title="How it works">
      <ol className="grid list-decimal gap-2 pl-5">
        <li>Share your referral link or code with a friend.</li>
        <li>Your friend signs up with it and confirms their email address.</li>
        <li>
          {`When your friend earns coins for the first time, you both get a bonus of ${REFERRAL_BONUS_COINS} coins.`}
        </li>
      </ol>
    </SectionCard>
  );
}
