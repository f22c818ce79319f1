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
  /**
   * At the confirmation of the address and after every sign-in: a listed address (ADMIN_EMAILS) becomes an
   * administrator — never before its address is confirmed.
   */
  signedIn(userId: string): Promise<void>;
  /** What a sign-up that created no account reports about `code` (judged by the code alone). */
  referralOutcome(code: string | null | undefined): Promise<ReferralOutcome>;
}
