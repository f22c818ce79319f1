import { createHash } from "node:crypto";
import type { AppDeps } from "../app-deps";
import { describeDevice } from "../http/user-agent";
import { newBrowserMail, passwordChangedMail } from "../mail/security-templates";
import { hasSignedInBefore, rememberDevice } from "./device";

/**
 * The security mails the account layer sends (docs/product.md "Security mails"), each queued through the mail
 * outbox with a dedupe key naming its event, so a retried request or job never sends one twice.
 */
type MailDeps = Pick<AppDeps, "env" | "db" | "mailOutbox">;

/** A token names its event in a dedupe key without being stored there. */
const digest = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 22);

/** The browser and address a request came from. */
export interface RequestFrom {
  userAgent: string | undefined;
  ip: string;
}

/**
 * A sign-in with the right password from `deviceId`: the browser is remembered for the account and, when the
 * account had not seen it before, its owner is mailed (in the same transaction: both or neither). Answers
 * whether this is the account's first sign-in.
 */
export async function rememberSignIn(
  { env, db, mailOutbox }: MailDeps,
  user: { id: string; email: string },
  deviceId: string,
  from: RequestFrom,
): Promise<{ first: boolean }> {
  return await db.transaction().execute(async (trx) => {
    const first = !(await hasSignedInBefore(trx, user.id));
    const isNew = await rememberDevice(trx, user.id, deviceId, from.userAgent, { signedIn: true });
    // The account's very first sign-in is its owner's own: nothing to warn about.
    if (!isNew || first) return { first };
    const mail = newBrowserMail(user.email, {
      device: describeDevice(from.userAgent ?? null),
      address: from.ip,
      at: new Date(),
      accountUrl: `${env.appUrl}/account`,
    });
    await mailOutbox.enqueue(mail, { db: trx, dedupeKey: `new-browser:${user.id}:${deviceId}` });
    return { first };
  });
}

/**
 * The password of `user` was changed (on /account) or reset (by a mailed link): its owner is told, once per
 * change — `changeKey` names the change (the new session's token, or the reset token).
 */
export async function mailPasswordChanged(
  { env, mailOutbox }: MailDeps,
  user: { id: string; email: string },
  change: { how: "changed" | "reset"; changeKey: string; from: RequestFrom },
): Promise<void> {
  const mail = passwordChangedMail(user.email, {
    how: change.how,
    device: describeDevice(change.from.userAgent ?? null),
    address: change.from.ip,
    at: new Date(),
    accountUrl: `${env.appUrl}/account`,
    resetUrl: `${env.appUrl}/auth`,
  });
  await mailOutbox.enqueue(mail, {
    dedupeKey: `password-${change.how}:${user.id}:${digest(change.changeKey)}`,
  });
}
