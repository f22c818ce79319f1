import { coinsEarnedText } from "~/core/coins";
import { ApiError, apiFetch } from "./api-client";
import { createStore } from "./create-store";
import { notify } from "./notify";
import { getSession, subscribeToSession } from "./session";

/**
 * The one coin balance (SPEC §4): shown in the nav as 'N Coins' and reused by every page; 0 when nobody is
 * signed in. Loaded from the server whenever the signed-in user changes; earning actions apply the server's
 * total with `useEarning()`. A plain store for the same bundle reason as session.ts.
 */
export interface Earned {
  entryId?: number;
  amount: number;
  reason: string;
  /** The user's new balance, from the server. */
  balance: number;
  referralBonus?: number;
}

interface BalanceState {
  userId: string | null;
  balance: number;
  loading: boolean;
}

const store = createStore<BalanceState>({ userId: null, balance: 0, loading: false });

export const getBalance = () => store.get().balance;

/** Reads the balance from the server; on failure shows 'Error fetching points' (or 'Error' / 'Could not fetch points.'). */
export async function loadBalance(): Promise<void> {
  const userId = getSession().user?.id ?? null;
  if (!userId) {
    store.set({ userId: null, balance: 0, loading: false });
    return;
  }
  store.set({ ...store.get(), userId, loading: true });
  try {
    const { balance } = await apiFetch<{ balance: number }>("/api/ledger/balance");
    if (getSession().user?.id === userId) store.set({ userId, balance, loading: false });
  } catch (error) {
    store.set({ ...store.get(), loading: false });
    if (error instanceof ApiError && error.status !== 0)
      notify({ title: "Error fetching points", description: error.message, variant: "destructive" });
    else notify({ title: "Error", description: "Could not fetch points.", variant: "destructive" });
  }
}

let lastUserId: string | null | undefined;
subscribeToSession(() => {
  const userId = getSession().user?.id ?? null;
  if (userId === lastUserId) return;
  lastUserId = userId;
  store.set({ userId, balance: 0, loading: Boolean(userId) });
  if (userId) void loadBalance();
});

export function useBalance(): { balance: number; isLoading: boolean } {
  const state = store.use();
  return { balance: state.userId ? state.balance : 0, isLoading: state.loading };
}

function setBalance(balance: number) {
  const state = store.get();
  if (state.userId) store.set({ ...state, balance });
}

/** Shows 'Coins Earned!' with the server's total (SPEC §8) and sets the balance to it. */
export function applyEarned(earned: Earned | null | undefined): void {
  if (!earned) {
    void loadBalance();
    return;
  }
  setBalance(earned.balance);
  if (earned.amount > 0)
    notify({
      title: "Coins Earned!",
      description: coinsEarnedText(earned.amount, earned.reason, earned.balance),
    });
}

/** Restores `previous` and shows the SPEC §8 notice for a failed earning action. */
export function earningFailed(error: unknown, previous?: number): void {
  if (previous !== undefined) setBalance(previous);
  if (error instanceof ApiError && error.code === "LOGIN_REQUIRED")
    notify({ title: "Login Required", description: error.message, variant: "destructive" });
  else if (error instanceof ApiError && error.status !== 0)
    notify({ title: "Error updating points", description: error.message, variant: "destructive" });
  else notify({ title: "Error", description: "Could not update points.", variant: "destructive" });
}

/**
 * For an earning action: `begin(coins)` shows the expected coins at once and returns a rollback;
 * `settle(earned)` takes the server's total and shows 'Coins Earned!'; `fail(error, rollback)` restores
 * the previous value and shows the SPEC §8 notice.
 */
export function useEarning() {
  return {
    begin(coins: number) {
      const previous = getBalance();
      setBalance(previous + coins);
      return () => setBalance(previous);
    },
    settle: applyEarned,
    fail(error: unknown, rollback?: () => void) {
      rollback?.();
      earningFailed(error);
    },
  };
}
