import type { Earned } from "~/core/api/earned";
import { coinsEarnedText } from "~/core/coins";
import { refreshAllowance } from "./allowance";
import { ApiError, referenceOf } from "./api-client";
import { getBalance, loadBalance, setBalance } from "./balance";
import { notify } from "./notify";

/**
 * Sets the balance to the server's total and refreshes today's allowance; shows 'Coins Earned!' unless the page
 * already says what was paid where the player looks (`shown`: the quiz's inline feedback, the game's and the video's
 * dialogs — one notice per event). A streak bonus paid with it, which those do not state, is still a notice.
 */
export function applyEarned(earned: Earned | null | undefined, shown = false): void {
  refreshAllowance();
  if (!earned) {
    void loadBalance();
    return;
  }
  setBalance(earned.balance);
  // A streak milestone's bonus paid with it is said in the same notice (one notice at a time).
  const bonus = earned.streakBonus
    ? ` Streak bonus: +${earned.streakBonus.amount} coins for ${earned.streakBonus.milestone} days in a row!`
    : "";
  if (earned.amount > 0 && !shown)
    notify({
      title: "Coins Earned!",
      description: `${coinsEarnedText(earned.amount, earned.reason, earned.balance)}${bonus}`,
    });
  else if (bonus)
    notify({ title: "Streak Bonus!", description: `${bonus.trim()} Total: ${earned.balance}.` });
}

/** Restores `previous` and shows the notice (docs/product.md) for a failed earning action. */
export function earningFailed(error: unknown, previous?: number): void {
  if (previous !== undefined) setBalance(previous);
  if (error instanceof ApiError && error.code === "LOGIN_REQUIRED")
    notify({
      title: "Login Required",
      description: error.message,
      variant: "destructive",
      reference: referenceOf(error),
    });
  else if (error instanceof ApiError && error.status !== 0)
    notify({
      title: "Error updating coins",
      description: error.message,
      variant: "destructive",
      reference: referenceOf(error),
    });
  else notify({ title: "Error", description: "Could not update coins.", variant: "destructive" });
}

/**
 * For an earning action: `begin(coins)` shows the expected coins at once and returns a rollback;
 * `settle(earned)` takes the server's total and shows 'Coins Earned!'; `fail(error, rollback)` restores
 * the previous value and shows the notice (docs/product.md).
 */
export function useEarning() {
  return {
    begin(coins: number) {
      const previous = getBalance();
      setBalance(previous + coins);
      return () => setBalance(previous);
    },
    settle: (earned: Earned | null | undefined, shown = false) => applyEarned(earned, shown),
    fail(error: unknown, rollback?: () => void) {
      rollback?.();
      earningFailed(error);
    },
  };
}
