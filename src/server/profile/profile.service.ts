import { generateReferralCode, type ReferralOutcome } from "~/core/referral-code";
import type { Database } from "../db/client";
import { recordReferral, referralAtSignUp } from "../referrals/referrals.service";
import { recordSignUp } from "../rollups/rollups.service";

const MAX_CODE_ATTEMPTS = 10;

/**
 * Creates the profile of a new user (points 0, a fresh unique referral code) and, if `referralCode`
 * names another user, records the referral (user_profiles.referred_by + one referrals row; the referral
 * rules are in src/server/referrals/referrals.service.ts). Meant to
 * run in the transaction that creates the user. Does nothing, and applies no referral, when the user
 * already has a profile.
 */
export async function createProfile(
  trx: Database,
  input: {
    userId: string;
    referralCode: string | null | undefined;
    signupIp?: string | undefined;
    /** The signing-up browser's device id (auth/device.ts); the referral review compares it. */
    signupDevice?: string | undefined;
  },
  generateCode: () => string = generateReferralCode,
): Promise<ReferralOutcome> {
  const { referrerId, outcome } = await referralAtSignUp(trx, input.userId, input.referralCode);
  const profile = {
    userId: input.userId,
    referredBy: referrerId,
    signupIp: input.signupIp ?? null,
    signupDevice: input.signupDevice ?? null,
  };
  if (!(await insertProfile(trx, profile, generateCode))) return outcome;
  // A sign-up of the day's figures (docs/product.md, "Rollups"), once: with the profile's first insert.
  await recordSignUp(trx);
  if (referrerId) await recordReferral(trx, referrerId, input.userId);
  return outcome;
}

/** Inserts the profile with a code nobody has; false if the user already had a profile. */
async function insertProfile(
  trx: Database,
  {
    userId,
    referredBy,
    signupIp,
    signupDevice,
  }: { userId: string; referredBy: string | null; signupIp: string | null; signupDevice: string | null },
  generateCode: () => string,
): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    // `on conflict do nothing` instead of catching the unique violation: inside a transaction an
    // error would abort the whole transaction, so a code collision could not simply be retried.
    const inserted = await trx
      .insertInto("user_profiles")
      .values({
        id: userId,
        referral_code: generateCode(),
        referred_by: referredBy,
        signup_ip: signupIp?.slice(0, 100) ?? null,
        signup_device: signupDevice,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return true;
    const existing = await trx
      .selectFrom("user_profiles")
      .select("id")
      .where("id", "=", userId)
      .executeTakeFirst();
    if (existing) return false;
  }
  throw new Error(`No free referral code after ${MAX_CODE_ATTEMPTS} attempts`);
}

export async function findProfile(db: Database, userId: string) {
  return db
    .selectFrom("user_profiles")
    .select(["points", "referral_code as referralCode"])
    .where("id", "=", userId)
    .executeTakeFirst();
}
