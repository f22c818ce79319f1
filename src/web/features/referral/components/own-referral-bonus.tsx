import { UserPlus } from "lucide-react";
import type { OwnReferralBonus } from "~/core/api/referrals";
import { REFERRAL_EXPIRY_DAYS } from "~/core/earning";
import { HELD_REFERRAL_NEXT, HELD_REFERRAL_REASON, releaseProgressText } from "~/core/referrals";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { SectionCard } from "~/web/components/ui/section-card";

type Release = { coins: number; days: number };

/** The state of the user's own half in one line, and what happens next (docs/product.md, "Referral program"). */
function ownBonusTexts(own: OwnReferralBonus, release: Release): { state: string; next: string } {
  const rule = `${release.coins} coins of your own (games, quizzes, videos) on ${release.days} different days`;
  switch (own.bonus) {
    case "joined":
      return {
        state: `You joined with a friend's referral code: ${own.coins} bonus coins are yours after your first earning.`,
        next: `Win a game, answer a quiz or watch a video: the bonus then shows as pending, and becomes available once you have earned ${rule}.`,
      };
    case "pending":
      return {
        state: `Your ${own.coins}-coin referral bonus is pending: ${releaseProgressText(own.progress ?? { coins: 0, days: 0 }, release)}.`,
        next: `It becomes available in your balance once you have earned ${rule} within ${REFERRAL_EXPIRY_DAYS} days of signing up; if not, it is declined. Until then it cannot be redeemed.`,
      };
    case "paid":
      return { state: `Your ${own.coins}-coin referral bonus is in your balance.`, next: "" };
    case "held":
      return {
        state: `Your ${own.coins}-coin referral bonus is held for review. ${HELD_REFERRAL_REASON}`,
        next: HELD_REFERRAL_NEXT,
      };
    case "declined":
      return { state: `Your ${own.coins}-coin referral bonus was declined after a review.`, next: "" };
    case "left":
      return {
        state: `Your ${own.coins}-coin referral bonus was declined: the account that invited you was deleted before it was paid.`,
        next: "",
      };
    case "expired":
      return {
        state: `Your ${own.coins}-coin referral bonus was declined: it did not become available within ${REFERRAL_EXPIRY_DAYS} days of your sign-up.`,
        next: "",
      };
  }
}

/** The bonus of a user who signed up with someone's code: its state, its progress while pending, what comes next. */
export function OwnReferralBonusCard({ own, release }: { own: OwnReferralBonus; release: Release }) {
  const texts = ownBonusTexts(own, release);
  const progress = own.progress ?? { coins: 0, days: 0 };
  return (
    <SectionCard icon={UserPlus} title="Your Referral Bonus">
      <div className="grid gap-3" data-testid="own-referral-bonus">
        <p>{texts.state}</p>
        {own.bonus === "pending" ? (
          <div className="grid gap-2">
            <ProgressBar
              label="Your own coins towards the bonus"
              value={progress.coins}
              max={release.coins}
              valueText={`${Math.min(progress.coins, release.coins)} of ${release.coins} coins`}
            />
            <ProgressBar
              label="Your days with earnings towards the bonus"
              value={progress.days}
              max={release.days}
              valueText={`${Math.min(progress.days, release.days)} of ${release.days} days`}
            />
          </div>
        ) : null}
        {texts.next ? <p className="text-sm text-muted-foreground">{texts.next}</p> : null}
      </div>
    </SectionCard>
  );
}
