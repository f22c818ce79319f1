import { formatDollars } from "~/core/coins";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { Spinner } from "~/web/components/ui/spinner";
import { useRedeemEligibility } from "../api/get-redemptions";
import { RedeemDialog } from "./redeem-dialog";

function CoinState({ label, coins, note }: { label: string; coins: number | undefined; note: string }) {
  return (
    <div className="flex flex-col items-center rounded-lg border px-3 py-2">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-h-6 font-semibold tabular-nums">
        {coins === undefined ? (
          <>
            <span aria-hidden="true" className="inline-block h-5 w-20 animate-pulse rounded bg-muted" />
            <span className="sr-only">Loading</span>
          </>
        ) : (
          `${coins} coins ($${formatDollars(coins)})`
        )}
      </dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

/**
 * The balance in coins and dollars, the conversion note, where the user's coins are — available, on hold for
 * redemptions not yet paid, paid out — and the wallet's actions (docs/product.md).
 */
export function BalanceCard({
  balance,
  pending = 0,
  pendingNote = "referral bonuses, available once your friend's earnings clear (see Referral).",
  isLoading,
  user,
}: {
  balance: number;
  /** Referral bonus coins recorded but not yet available: shown apart, never counted in the balance. */
  pending?: number;
  /** Whose earnings the pending coins wait for (the referrer's friends', the user's own, or both). */
  pendingNote?: string;
  isLoading: boolean;
  user: { id: string; email: string };
}) {
  const eligibility = useRedeemEligibility(user.id);
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CardTitle as="h2">Your Balance</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-6 text-center">
        {isLoading ? (
          <Spinner label="Loading your balance" />
        ) : (
          <div className="flex flex-col items-center gap-1">
            <p className="text-4xl font-extrabold tracking-tight tabular-nums sm:text-5xl">{`${balance} Coins`}</p>
            <p className="text-xl font-semibold text-brand tabular-nums">{`$${formatDollars(balance)} USD`}</p>
            {pending > 0 ? (
              <p className="text-sm text-muted-foreground tabular-nums">
                {`+${pending} Coins pending: ${pendingNote}`}
              </p>
            ) : null}
          </div>
        )}
        <p className="text-sm text-muted-foreground">1000 Coins = $5.00 USD</p>
        <dl aria-label="Your coins" className="grid w-full gap-2 sm:grid-cols-3">
          <CoinState label="Available" coins={isLoading ? undefined : balance} note="Yours to redeem" />
          <CoinState label="On hold" coins={eligibility.data?.onHoldCoins} note="Requested, not paid yet" />
          <CoinState label="Paid out" coins={eligibility.data?.paidOutCoins} note="Redemptions paid" />
        </dl>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <RedeemDialog balance={balance} disabled={isLoading} user={user} />
        </div>
      </CardContent>
    </Card>
  );
}
