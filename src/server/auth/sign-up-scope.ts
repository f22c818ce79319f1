import { AsyncLocalStorage } from "node:async_hooks";
import type { ReferralOutcome } from "~/core/referral-code";

/**
 * Carries the sign-up request's referral code from our sign-up route, through better-auth, into the
 * user-creation hook, and the hook's result back. Better-auth's own body schema has no room for it.
 */
export interface SignUpState {
  referralCode: string | null;
  /** The mail quota of this IP or address is used up: create the account but send no confirmation mail. */
  skipMail: boolean;
  /** The client address of the sign-up request (the referral bonus review compares it). */
  ip?: string | undefined;
  /** The device id of the signing-up browser (auth/device.ts): stored with the profile, and remembered. */
  deviceId?: string | undefined;
  /** The signing-up browser's user agent: how the data download describes that browser. */
  userAgent?: string | undefined;
  /** Set by the hook when an account was created; unset for an already-registered address. */
  outcome?: ReferralOutcome;
}

const storage = new AsyncLocalStorage<SignUpState>();

export const runSignUp = <T>(state: SignUpState, fn: () => Promise<T>): Promise<T> => storage.run(state, fn);

export const currentSignUp = (): SignUpState | undefined => storage.getStore();
