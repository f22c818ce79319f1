import { sameMailbox } from "~/core/same-person";
import type { Database } from "../db/client";

/**
 * Whether a referred friend and their referrer look like one person (docs/product.md, "Referral program"): a
 * match holds the bonus pair for an administrator's review instead of paying it. Any one signal is enough:
 * - the same mailbox: the addresses are equal once case, a `+tag`, and dots where the provider ignores them
 *   (Gmail) are set aside (src/core/same-person.ts: `a+1@x` and `a@x`);
 * - the same browser: the friend signed up from a browser (device id, auth/device.ts) that made the referrer's
 *   account or signed in to it, or both accounts have signed in from one browser;
 * - the same address: the friend signed up from the IP the referrer signed up or last signed in from.
 */
export async function looksLikeSamePerson(
  trx: Database,
  friendId: string,
  referrerId: string,
): Promise<boolean> {
  const rows = await trx
    .selectFrom("user")
    .innerJoin("user_profiles", "user_profiles.id", "user.id")
    .select(["user.id", "user.email", "user_profiles.signup_ip", "user_profiles.signup_device"])
    .where("user.id", "in", [friendId, referrerId])
    .execute();
  const friend = rows.find((r) => r.id === friendId);
  const referrer = rows.find((r) => r.id === referrerId);
  if (!friend || !referrer) return false;
  if (sameMailbox(friend.email, referrer.email)) return true;
  if (await sameDevice(trx, friend, referrer)) return true;
  return sameAddress(trx, friend.signup_ip, referrer);
}

async function sameDevice(
  trx: Database,
  friend: { id: string; signup_device: string | null },
  referrer: { id: string; signup_device: string | null },
): Promise<boolean> {
  if (friend.signup_device && friend.signup_device === referrer.signup_device) return true;
  const shared = await trx
    .selectFrom("user_devices as f")
    .innerJoin("user_devices as r", "r.device_id", "f.device_id")
    .select("f.device_id")
    .where("f.user_id", "=", friend.id)
    .where("r.user_id", "=", referrer.id)
    .limit(1)
    .executeTakeFirst();
  if (shared) return true;
  if (!friend.signup_device) return false;
  const known = await trx
    .selectFrom("user_devices")
    .select("device_id")
    .where("user_id", "=", referrer.id)
    .where("device_id", "=", friend.signup_device)
    .executeTakeFirst();
  return known !== undefined;
}

/** The friend signed up from the address the referrer signed up or last signed in from. */
async function sameAddress(
  trx: Database,
  friendIp: string | null,
  referrer: { id: string; signup_ip: string | null },
): Promise<boolean> {
  if (!friendIp) return false;
  if (referrer.signup_ip === friendIp) return true;
  const lastSignIn = await trx
    .selectFrom("session")
    .select("ipAddress")
    .where("userId", "=", referrer.id)
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  return lastSignIn?.ipAddress === friendIp;
}
