import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Signals that two accounts belong to one person (docs/product.md, "Accounts and devices", "Referral program",
 * "KYC"):
 * - user_profiles.signup_device: the random device id of the browser that signed up (the `ple_device` cookie);
 *   the referral review compares it.
 * - user_devices: browsers (device ids) an account has signed in from with the right password, or that opened its
 *   unlock link; such a browser is not held back by the account's sign-in lock.
 * - kyc_submissions.document_number_hash: HMAC-SHA256 of the normalised document number under a key derived from
 *   the KYC key; equal hashes of two accounts put the later submission under the same-document notice. The plain
 *   number stays sealed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table user_profiles add column signup_device text check (signup_device ~ '^[A-Za-z0-9_-]{16,64}$')",
    "create index user_profiles_signup_device_idx on user_profiles (signup_device) where signup_device is not null",
    `create table user_devices (
      user_id text not null references "user" ("id") on delete cascade,
      device_id text not null check (device_id ~ '^[A-Za-z0-9_-]{16,64}$'),
      first_seen_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      primary key (user_id, device_id)
    )`,
    "create index user_devices_device_idx on user_devices (device_id)",
    "alter table kyc_submissions add column document_number_hash bytea check (length(document_number_hash) = 32)",
    `create index kyc_submissions_document_number_idx on kyc_submissions (document_number_hash)
      where document_number_hash is not null`,
  ]);
}
