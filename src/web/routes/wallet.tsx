import { Wallet } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { LoginPrompt } from "~/web/components/login-prompt";
import { Spinner } from "~/web/components/ui/spinner";
import { TodayPanel } from "~/web/features/earning/components/today-panel";
import { useRedeemEligibility } from "~/web/features/wallet/api/get-redemptions";
import { BalanceCard } from "~/web/features/wallet/components/balance-card";
import { RedeemChecklist } from "~/web/features/wallet/components/redeem-checklist";
import { RedemptionList } from "~/web/features/wallet/components/redemption-list";
import { TransactionList } from "~/web/features/wallet/components/transaction-list";
import { useBalance } from "~/web/lib/balance";
import { useSession } from "~/web/lib/session";

/** Shown once the server has answered; the checklist is about this user's account, not a guess. */
function Checklist({ userId }: { userId: string }) {
  const eligibility = useRedeemEligibility(userId);
  return eligibility.data ? <RedeemChecklist eligibility={eligibility.data} /> : null;
}

/** /wallet: balance, redeeming (checklist, dialog, the user's redemptions) and the user's real transactions. */
export function WalletRoute() {
  const { status, user } = useSession();
  const { balance, isLoading } = useBalance();
  return (
    <Page title="Wallet" icon={Wallet} description="See your coin balance and redeem your coins for cash.">
      {status === "loading" ? (
        <div className="flex justify-center">
          <Spinner />
        </div>
      ) : user ? (
        <div className="mx-auto flex max-w-2xl flex-col gap-6">
          <BalanceCard balance={balance} isLoading={isLoading} user={user} />
          <TodayPanel userId={user.id} />
          <Checklist userId={user.id} />
          <RedemptionList userId={user.id} />
          <TransactionList userId={user.id} />
        </div>
      ) : (
        <LoginPrompt message="Please log in to view your wallet." />
      )}
    </Page>
  );
}
