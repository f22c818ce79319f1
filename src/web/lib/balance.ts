import type { BalanceResponse } from "~/core/api/account";
import { type AnswerParser, ApiError, apiCall, referenceOf } from "./api-client";
import { createStore } from "./create-store";
import { int, obj } from "./entry-answers";
import { notify } from "./notify";
import { getSession, subscribeToSession } from "./session";

/**
 * The one coin balance (docs/product.md): shown in the nav as 'N Coins' and reused by every page; 0 when nobody is
 * signed in. Loaded from the server whenever the signed-in user changes; earning actions apply the server's
 * total with `useEarning()` (earning.ts, kept out of the entry bundle). A plain store for the same bundle
 * reason as session.ts. Not in the entry chunk either: the signed-in header (account-area.tsx) and the pages that
 * show coins load it, so a guest's first visit carries none of it (docs/decisions/003-web-bundle-budget.md).
 */

/** The balance answer checked as `balanceResponseSchema` (see entry-answers.ts). */
const balanceAnswer: AnswerParser<BalanceResponse> = {
  parse(body) {
    const o = obj(body);
    return { balance: int(o.balance), pending: int(o.pending) };
  },
};

interface BalanceState {
  userId: string | null;
  balance: number;
  /** Coins recorded but not yet in the balance (referral bonuses while they clear). */
  pending: number;
  loading: boolean;
}

const store = createStore<BalanceState>({ userId: null, balance: 0, pending: 0, loading: false });

export const getBalance = () => store.get().balance;

/** Reads the balance from the server; on failure shows 'Error fetching coins' (or 'Error' / 'Could not fetch coins.'). */
export async function loadBalance(): Promise<void> {
  const userId = getSession().user?.id ?? null;
  if (!userId) {
    store.set({ userId: null, balance: 0, pending: 0, loading: false });
    return;
  }
  store.set({ ...store.get(), userId, loading: true });
  try {
    const { balance, pending } = await apiCall("/api/ledger/balance", balanceAnswer);
    if (getSession().user?.id === userId) store.set({ userId, balance, pending, loading: false });
  } catch (error) {
    store.set({ ...store.get(), loading: false });
    if (error instanceof ApiError && error.status !== 0)
      notify({
        title: "Error fetching coins",
        description: error.message,
        variant: "destructive",
        reference: referenceOf(error),
      });
    else notify({ title: "Error", description: "Could not fetch coins.", variant: "destructive" });
  }
}

let lastUserId: string | null | undefined;
function followSession() {
  const userId = getSession().user?.id ?? null;
  if (userId === lastUserId) return;
  lastUserId = userId;
  store.set({ userId, balance: 0, pending: 0, loading: Boolean(userId) });
  if (userId) void loadBalance();
}
subscribeToSession(followSession);
// This module loads once someone is signed in: the session it follows may be known already.
followSession();

export function useBalance(): { balance: number; pending: number; isLoading: boolean } {
  const state = store.use();
  return {
    balance: state.userId ? state.balance : 0,
    pending: state.userId ? state.pending : 0,
    isLoading: state.loading,
  };
}

/** Sets the signed-in user's balance (from a server answer); ignored when nobody is signed in. */
export function setBalance(balance: number): void {
  const state = store.get();
  if (state.userId) store.set({ ...state, balance });
}
