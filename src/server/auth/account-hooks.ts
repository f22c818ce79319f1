import type { Transaction } from "kysely";
import type { ReferralOutcome } from "~/core/referral-code";
import type { DB } from "../db/schema";

/**
 * What the account layer (better-auth and our /api/auth routes) asks of the domains above it, given to it at app
 * construction (create-deps.ts) so that auth/ imports none of them: the new user's own records and referral, the
 * configured administrators (ADMIN_EMAILS), and what a sign-up reports about its referral code.
 */
export interface AccountHooks {
  /** In the sign-up's transaction: the profile (and referral) of a new user; answers the referral outcome. */
  createRecords(
    trx: Transaction<DB>,
    input: {
      userId: string;
      referralCode: string | null | undefined;
      signupIp?: string | undefined;
      signupDevice?: string | undefined;
    },
  ): Promise<ReferralOutcome>;
  /** Whether `email` is a configured administrator: the account is one from its first moment. */
  isListedAdmin(email: string): boolean;
  /** In the sign-up's transaction of a listed administrator: the audit row of the grant and its admin_since. */
  recordListedAdmin(trx: Transaction<DB>, userId: string): Promise<void>;
  /** After every sign-in: an address listed since the account was made becomes an administrator. */
  signedIn(userId: string): Promise<void>;
  /** What a sign-up that created no account reports about `code` (judged by the code alone). */
  referralOutcome(code: string | null | undefined): Promise<ReferralOutcome>;
}
