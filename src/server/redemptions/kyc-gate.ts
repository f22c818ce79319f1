import type { KycStatus } from "~/core/kyc";
import type { Database } from "../db/client";
import { getKycStatus } from "../kyc/kyc.service";

/**
 * The user's KYC state (their latest submission, or 'none'). Only `approved` lets a user redeem while
 * REDEEM_REQUIRE_KYC is on (the default).
 */
export async function kycStateOf(db: Database, userId: string): Promise<KycStatus> {
  return (await getKycStatus(db, userId)).status;
}
