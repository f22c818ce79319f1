import { APP_NAME, layout, mailSubject } from "./layout";
import type { MailMessage } from "./mail-message";

/**
 * The security mails (docs/product.md "Security mails"): what happened to the account, from which device and
 * address, when, and what the owner can do. Each is queued once per event (its outbox dedupe key).
 */

/** Where and when something happened: "Chrome 131 on Linux", "203.0.113.9", the moment. */
export interface SeenFrom {
  device: string;
  address: string;
  at: Date;
}

/** "Chrome 131 on Linux, address 203.0.113.9, on Fri, 27 Nov 2026 14:09:49 GMT". */
export const seenFromText = (seen: SeenFrom) =>
  `${seen.device}, address ${seen.address}, on ${seen.at.toUTCString()}`;

/** Sent when the password was changed (on /account) or reset (with a mailed link). */
export function passwordChangedMail(
  to: string,
  change: SeenFrom & { how: "changed" | "reset"; accountUrl: string; resetUrl: string },
): MailMessage {
  const intro = `The password of your ${APP_NAME} account was ${change.how} from ${seenFromText(change)}.`;
  const effect = "Every other device signed in to your account has been signed out.";
  const notYou = `If this was not you, choose a new password at once with 'Forgot Password?' at ${change.resetUrl} and check the devices signed in on your account page.`;
  const footer = "We send this e-mail for every password change, so that you always know.";
  return {
    to,
    subject: mailSubject(`your password was ${change.how}`),
    text: `${intro}\n${effect}\n\n${notYou}\n\nYour account:\n${change.accountUrl}\n\n${footer}\n`,
    html: layout(
      `Your password was ${change.how}`,
      [intro, effect, notYou],
      { label: "Open my account", url: change.accountUrl },
      footer,
    ),
  };
}

/** Sent when the account is signed in from a browser that never signed in to it before. */
export function newBrowserMail(to: string, sign: SeenFrom & { accountUrl: string }): MailMessage {
  const intro = `Your ${APP_NAME} account was signed in from a browser it has not seen before: ${seenFromText(sign)}.`;
  const fine = "If this was you, there is nothing to do.";
  const notYou =
    "If it was not you, open your account page, end that session under Sessions, and change your password there.";
  const footer = "We send this e-mail once for each new browser.";
  return {
    to,
    subject: mailSubject("a sign-in from a new browser"),
    text: `${intro}\n${fine}\n${notYou}\n\nYour account:\n${sign.accountUrl}\n\n${footer}\n`,
    html: layout(
      "A sign-in from a new browser",
      [intro, fine, notYou],
      { label: "Review my sessions", url: sign.accountUrl },
      footer,
    ),
  };
}

/**
 * Sent when an account's sign-in is locked after repeated wrong passwords (docs/product.md, "Accounts and
 * devices"): how many attempts, from which device and address the last came. `unlockUrl` lifts the lock and lets
 * the browser that opens it sign in.
 */
export function signInLockedMail(
  to: string,
  lock: SeenFrom & { attempts: number; minutes: number; unlockUrl: string; resetUrl: string },
): MailMessage {
  const intro = `Someone tried ${lock.attempts} times in a row to sign in to your ${APP_NAME} account without the right password, the last time from ${seenFromText(lock)}.`;
  const effect = `To protect it, sign-in from browsers that have not signed in to your account before is paused for up to ${lock.minutes} minutes. A browser you have signed in with before still works.`;
  const action = "If that was you, open the link below: it lifts the pause and lets that browser sign in.";
  const notYou = `If it was not you, your account is safe while nobody knows your password; if you use it anywhere else, choose a new one with 'Forgot Password?' at ${lock.resetUrl}`;
  const footer = "The link is valid for 1 hour. We send this e-mail at most once an hour.";
  return {
    to,
    subject: mailSubject("repeated sign-in attempts on your account"),
    text: `${intro}\n\n${effect}\n\n${action}\n${lock.unlockUrl}\n\n${notYou}\n\n${footer}\n`,
    html: layout(
      "Repeated sign-in attempts",
      [intro, effect, action, notYou],
      { label: "Unlock sign-in", url: lock.unlockUrl },
      footer,
    ),
  };
}
