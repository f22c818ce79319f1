import { formatDollars } from "~/core/coins";
import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { ProgressBar, TextSkeleton } from "~/web/components/ui/progress-bar";
import { paths } from "~/web/config/paths";

/**
 * The balance in coins and dollars and the way to the next payout: '730 / 1000 coins → $5.00'. `balance` and
 * `minCoins` are undefined while they load (the same frame, with grey blocks).
 */
export function PayoutProgress({
  balance,
  minCoins,
}: {
  balance?: number | undefined;
  minCoins?: number | undefined;
}) {
  const ready = balance !== undefined && minCoins !== undefined;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-4xl font-extrabold tracking-tight tabular-nums">
          {balance === undefined ? <TextSkeleton className="w-28" /> : `${balance} coins`}
        </span>
        <span className="text-xl font-semibold text-brand tabular-nums">
          {balance === undefined ? <TextSkeleton className="w-16" /> : `$${formatDollars(balance)}`}
        </span>
      </p>
      <ProgressBar
        label="Progress to the next payout"
        value={balance ?? 0}
        max={minCoins ?? 1000}
        valueText={ready ? `${Math.min(balance, minCoins)} of ${minCoins} coins` : "Loading"}
      />
      <div className="flex min-h-10 flex-wrap items-center justify-between gap-3 text-sm">
        <p className="font-medium tabular-nums">
          {ready ? (
            `${Math.min(balance, minCoins)} / ${minCoins} coins → $${formatDollars(minCoins)}`
          ) : (
            <TextSkeleton className="w-44" />
          )}
        </p>
        {ready && balance >= minCoins ? (
          <AppLink to={paths.wallet.getHref()} className={buttonVariants({ size: "sm" })}>
            {`Redeem $${formatDollars(balance)} in your wallet`}
          </AppLink>
        ) : ready ? (
          <p className="text-muted-foreground">{`${minCoins - balance} more coins to redeem`}</p>
        ) : null}
      </div>
    </div>
  );
}
