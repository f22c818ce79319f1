import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "~/server/db/client";

/**
 * Inserts a verified user and its profile straight into the database — for suites that need many
 * users fast and do not test sign-up itself (ledger, concurrency). Sign-up flows use the HTTP factories.
 */
export async function insertUserRow(
  db: Database,
  options: { email?: string; referredBy?: string } = {},
): Promise<{ id: string; email: string; referralCode: string }> {
  const id = randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@example.test`;
  const referralCode = randomBytes(6)
    .toString("base64url")
    .toUpperCase()
    .replace(/[^A-Z2-9]/g, "X")
    .slice(0, 8);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("user")
      .values({
        id,
        name: email,
        email,
        emailVerified: true,
        image: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .execute();
    await trx
      .insertInto("user_profiles")
      .values({ id, referral_code: referralCode, referred_by: options.referredBy ?? null })
      .execute();
    if (options.referredBy) {
      await trx
        .insertInto("referrals")
        .values({ referrer_id: options.referredBy, referred_id: id })
        .execute();
    }
  });
  return { id, email, referralCode };
}

/** The user's `user_profiles` row, read straight from the database. */
export function profileRow(db: Database, userId: string) {
  return db.selectFrom("user_profiles").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
}

/** The `referrals` row of the friend `referredId` (who signed up with a code). */
export function referralRow(db: Database, referredId: string) {
  return db
    .selectFrom("referrals")
    .selectAll()
    .where("referred_id", "=", referredId)
    .executeTakeFirstOrThrow();
}
