import { proposalMail } from "~/server/dual-control/notify";
import type { MailMessage } from "~/server/mail/mailer";
import { newBrowserMail, passwordChangedMail, signInLockedMail } from "~/server/mail/security-templates";
import * as templates from "~/server/mail/templates";
import { lifecycleMessages } from "~/server/messages/lifecycle-texts";
import { messageMail } from "~/server/messages/message-mail";
import type { QueuedMessage } from "~/server/messages/messages.service";

/**
 * One mail of every kind the server sends (src/server/mail, the dual-control mails), with a long link where a
 * link goes (a confirmation link is ~200 characters), for the tests of the one mail design: the unit tests read
 * their parts, the E2E test renders each in Chromium at 360 px. The lifecycle messages' mails are there too, one of
 * each kind (an optional kind's mail carries the one-click unsubscribe link).
 */
const seen = { device: "Firefox 128 on Linux", address: "203.0.113.5", at: new Date(0) };
const LONG_URL_APP = "https://app.example";
export const LONG_URL = `${LONG_URL_APP}/api/auth/verify-email?token=${"eyJhbGciOiJIUzI1NiJ9".repeat(10)}&callbackURL=%2Fverify-email%3Fdone%3D1`;

/** One of every lifecycle message (src/server/messages/lifecycle-texts.ts). */
function everyLifecycleMessage(): QueuedMessage[] {
  const friendId = "f".repeat(32);
  const referrerId = "r".repeat(32);
  const userId = "u".repeat(32);
  const day = "2026-11-29";
  return [
    ...lifecycleMessages.referralPaid({ friendId, referrerId, coins: 50, referrerPaid: true }),
    ...lifecycleMessages.referralDeclined({ friendId, referrerId, reason: "the 7 days to clear it passed." }),
    lifecycleMessages.kycReceived({ userId, submissionId: "s1" }),
    lifecycleMessages.kycDecided({ userId, submissionId: "s1", approved: false }),
    lifecycleMessages.streakMilestone({ userId, day, days: 30 }),
    lifecycleMessages.streakAtRisk({ userId, day }),
    lifecycleMessages.comeBack({ userId, lastPlayAt: new Date(0), step: 1 }),
    lifecycleMessages.redemptionStep({ userId, redemptionId: 12345, coins: 100000, step: "rejected" }),
    lifecycleMessages.redemptionFailed({ userId, redemptionId: 12345, attempt: 2, coins: 100000 }),
    lifecycleMessages.partnerDebt({ userId, key: "k", partner: "A Partner With A Long Name", debt: 4200 }),
  ];
}

export function everyMail(url = LONG_URL): MailMessage[] {
  const to = "a-rather-long-address.with.dots+and-a-tag@example-domain-that-is-long.test";
  const redemption = { id: 1, coins: 1000, dollars: "5.00" };
  return [
    templates.verificationMail(to, url),
    templates.passwordResetMail(to, url),
    templates.redemptionRequestedMail(
      to,
      { ...redemption, method: "PayPal", delivery: "by PayPal", recipient: to },
      url,
    ),
    templates.redemptionApprovedMail(
      to,
      {
        ...redemption,
        method: "PayPal",
        delivery: "by PayPal",
        recipient: to,
        automatic: false,
        timeline: `Requested, approved: ${url}`,
      },
      url,
    ),
    templates.redemptionPaidMail(to, { ...redemption, method: "PayPal", reference: "R".repeat(80) }, url),
    templates.redemptionRejectedMail(to, { ...redemption, reason: "no" }, url),
    templates.kycDecisionMail(to, { approved: true, reason: null, retentionDays: 30 }, url),
    templates.kycDecisionMail(to, { approved: false, reason: "blurry", retentionDays: 30 }, url),
    templates.accountDeletedMail(to, { forfeitedCoins: 5, cancelledRedemptions: [2] }, url),
    passwordChangedMail(to, { ...seen, how: "changed", accountUrl: url, resetUrl: url }),
    newBrowserMail(to, { ...seen, accountUrl: url }),
    signInLockedMail(to, { ...seen, attempts: 6, minutes: 15, unlockUrl: url, resetUrl: url }),
    proposalMail(
      to,
      "a proposal waits for a second administrator (#7)",
      [`${to} proposed: +5000 coins.`],
      url,
    ),
    templates.partnerDebtMail(
      to,
      { partner: "A Partner With A Long Name", coins: 4200, taken: 200, debt: 4000, heldRedemptions: [7, 8] },
      url,
    ),
    // Each with the long link in place of its page's path, as the other mails have it.
    ...everyLifecycleMessage().map((m) =>
      messageMail(
        { email: to, userId: m.userId },
        { ...m, link: url.slice(LONG_URL_APP.length) },
        { appUrl: LONG_URL_APP, authSecret: "s".repeat(32) },
      ),
    ),
  ];
}
