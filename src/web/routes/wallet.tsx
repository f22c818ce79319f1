import { Wallet } from "lucide-react";
import { lazy, Suspense } from "react";
import { Page } from "~/web/components/layout/page";
import { SessionGate } from "~/web/components/session-gate";
import { Spinner } from "~/web/components/ui/spinner";

// A guest sees only the login prompt: the signed-in part loads when there is a user
// (docs/decisions/044-short-main-thread-tasks.md).
const WalletAccount = lazy(() =>
  import("~/web/routes/wallet/account").then((m) => ({ default: m.WalletAccount })),
);

/** /wallet: balance, redeeming (checklist, dialog, the user's redemptions) and the user's real transactions. */
export function WalletRoute() {
  return (
    <Page title="Wallet" icon={Wallet} description="See your coin balance and redeem your coins for cash.">
      <SessionGate message="Please log in to view your wallet.">
        {(user) => (
          <Suspense
            fallback={
              <div className="flex justify-center">
                <Spinner />
              </div>
            }
          >
            <WalletAccount user={user} />
          </Suspense>
        )}
      </SessionGate>
    </Page>
  );
}
