import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../db/client";

/**
 * Accounts no one can pre-claim (docs/product.md "Confirming an address", ADR 084). A password chosen at sign-up
 * stands only if nothing else asked for the address before it was confirmed; otherwise the confirmation makes the
 * confirming browser — the mailbox's owner — choose the password, and ends every credential set before it.
 */

/** How long the confirming browser has to choose its password (the reset link's lifetime). */
const CHOOSE_PASSWORD_EXPIRES_IN_S = 60 * 60;

/**
 * Thrown by the confirmation hook to stop better-auth before it signs the browser in; the confirmation route
 * redirects to `target` instead (the address is confirmed by then).
 */
export class ConfirmationDetour extends Error {
  constructor(readonly target: string) {
    super(`confirmation goes on at ${target}`);
    this.name = "ConfirmationDetour";
  }
}

/** A second sign-up, or a request for another confirmation mail, for an address whose account is unconfirmed. */
export async function markContested(db: Database, email: string): Promise<void> {
  await db
    .insertInto("contested_sign_ups")
    .columns(["user_id"])
    .expression((eb) =>
      eb
        .selectFrom("user")
        .select("id")
        .where("email", "=", email.trim().toLowerCase())
        .where("emailVerified", "=", false),
    )
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/** True for the one confirmation of `userId` that may sign a browser in; false for every other, however close. */
export async function claimConfirmation(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .insertInto("email_confirmations")
    .values({ user_id: userId })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * At the confirmation of a contested account: no password set before it works any more, no session or remembered
 * browser of it is left, and the confirming browser gets a link to choose the password. Undefined when the
 * account was not contested (the sign-up's password stands).
 */
export async function settleContested(db: Database, userId: string): Promise<string | undefined> {
  return await db.transaction().execute(async (trx) => {
    const contested = await trx
      .deleteFrom("contested_sign_ups")
      .where("user_id", "=", userId)
      .returning("user_id")
      .executeTakeFirst();
    if (!contested) return undefined;
    await trx
      .updateTable("account")
      .set({ password: null })
      .where("userId", "=", userId)
      .where("providerId", "=", "credential")
      .execute();
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("user_devices").where("user_id", "=", userId).execute();
    const token = randomBytes(24).toString("base64url");
    const now = new Date();
    await trx
      .insertInto("verification")
      .values({
        id: randomUUID(),
        identifier: `reset-password:${token}`,
        value: userId,
        expiresAt: new Date(now.getTime() + CHOOSE_PASSWORD_EXPIRES_IN_S * 1000),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return `/update-password?token=${encodeURIComponent(token)}`;
  });
}
