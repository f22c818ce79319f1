import { useQuery } from "@tanstack/react-query";
import { pendingBonusNote } from "~/core/referrals";
import { TodayPanel } from "~/web/features/earning/components/today-panel";
import { PartnerDebtNotice } from "~/web/features/offers/components/partner-debt-notice";
import { PendingPartnerCoins } from "~/web/features/offers/components/pending-partner-coins";
import { referralsQueryOptions } from "~/web/features/referral/api/get-referrals";
import { OwnReferralBonusCard } from "~/web/features/referral/components/own-referral-bonus";
import { PendingReferralCoins } from "~/web/features/referral/components/pending-referral-coins";
import { useRedeemEligibility } from "~/web/features/wallet/api/get-redemptions";
import { BalanceCard } from "~/web/features/wallet/components/balance-card";
import { RedeemChecklist } from "~/web/features/wallet/components/redeem-checklist";
import { RedemptionList } from "~/web/features/wallet/components/redemption-list";
import { TransactionList } from "~/web/features/wallet/components/transaction-list";
import { useBalance } from "~/web/lib/balance";
import type { SessionUser } from "~/web/lib/session";

/** Shown once the server has answered; the checklist is about this user's account, not a guess. */
function Checklist({ userId }: { userId: string }) {
  const eligibility = useRedeemEligibility(userId);
  return eligibility.data ? <RedeemChecklist eligibility={eligibility.data} /> : null;
}

/**
 * The signed-in part of /wallet: balance, the user's own referral bonus while it is not yet paid, redeeming
 * (checklist, dialog, the user's redemptions) and the user's real transactions. Its own chunk (with the redeem
 * form's zod schemas), which a guest's wallet never loads.
 */
export function WalletAccount({ user }: { user: SessionUser }) {
  const { balance, pending, isLoading } = useBalance();
  // Whose earnings the pending coins wait for, and the user's own bonus (pending, held, declined) beside them.
  const referrals = useQuery(referralsQueryOptions(user.id));
  const view = referrals.data;
  const own = view?.ownBonus;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <BalanceCard
        balance={balance}
        pending={pending}
        pendingNote={view ? pendingBonusNote(view, view.release) : undefined}
        isLoading={isLoading}
        user={user}
      />
      <PartnerDebtNotice userId={user.id} />
      <PendingPartnerCoins userId={user.id} />
      <PendingReferralCoins userId={user.id} />
      {view && own && own.bonus !== "paid" ? <OwnReferralBonusCard own={own} release={view.release} /> : null}
      <TodayPanel userId={user.id} />
      <Checklist userId={user.id} />
      <RedemptionList userId={user.id} />
      <TransactionList userId={user.id} />
    </div>
  );
}
