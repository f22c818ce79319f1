import { APP_NAME, layout, mailSubject } from "./layout";
import type { MailMessage } from "./mailer";

/** Sent at sign-up and on "send me a new link". `url` confirms the address when opened. */
export function verificationMail(to: string, url: string): MailMessage {
  const intro = `Welcome to ${APP_NAME}! Please confirm your email address to finish creating your account.`;
  const footer = "The link is valid for 24 hours. If you did not sign up, you can ignore this email.";
  return {
    to,
    subject: mailSubject("confirm your email"),
    text: `${intro}\n\nConfirm your email:\n${url}\n\n${footer}\n`,
    html: layout("Confirm your email", [intro], { label: "Confirm my email", url }, footer),
  };
}

/** Sent on "Forgot Password?". `url` opens the app's /update-password page with the reset token. */
export function passwordResetMail(to: string, url: string): MailMessage {
  const intro = `Someone (hopefully you) asked to reset the password of your ${APP_NAME} account.`;
  const footer =
    "The link is valid for 1 hour and works once. If you did not ask for this, ignore this email: your password stays the same.";
  return {
    to,
    subject: mailSubject("reset your password"),
    text: `${intro}\n\nChoose a new password:\n${url}\n\n${footer}\n`,
    html: layout("Reset your password", [intro], { label: "Choose a new password", url }, footer),
  };
}

/** Sent when a redemption is requested: what was asked for, that the coins are held, and what happens next. */
export function redemptionRequestedMail(
  to: string,
  r: { id: number; coins: number; dollars: string; method: string; delivery: string; recipient: string },
  walletUrl: string,
): MailMessage {
  const intro = `We received your redemption request #${r.id} of ${r.coins} coins ($${r.dollars}) by ${r.method} to ${r.recipient}.`;
  const held = `The ${r.coins} coins are on hold while we review the request: they are paid out or, if the request is not approved, returned to your balance.`;
  const next = `Payment is ${r.delivery}. We will e-mail you when it is paid.`;
  const footer =
    "If you did not make this request, contact support at once (below) and change your password.";
  return {
    to,
    subject: mailSubject(`we received your redemption request #${r.id}`),
    text: `${intro}\n${held}\n${next}\n\nYour wallet:\n${walletUrl}\n\n${footer}\n`,
    html: layout(
      "Redemption request received",
      [intro, held, next],
      { label: "Open my wallet", url: walletUrl },
      footer,
    ),
  };
}

/**
 * Sent when a redemption is paid. `walletUrl` opens the wallet, where the redemption is listed. `details`: how
 * to use the payout (a gift card's brand and where to redeem it) and the redemption's timeline.
 */
export function redemptionPaidMail(
  to: string,
  r: { id: number; coins: number; dollars: string; method: string; reference: string; details?: string[] },
  walletUrl: string,
): MailMessage {
  const intro = `Your redemption request #${r.id} of ${r.coins} coins ($${r.dollars}) has been paid by ${r.method}.`;
  const lines = [`Payout reference: ${r.reference}`, ...(r.details ?? [])];
  const footer = `Thank you for playing with ${APP_NAME}.`;
  return {
    to,
    subject: mailSubject(`your redemption #${r.id} has been paid`),
    text: `${intro}\n${lines.join("\n")}\n\nYour wallet:\n${walletUrl}\n\n${footer}\n`,
    html: layout("Redemption paid", [intro, ...lines], { label: "Open my wallet", url: walletUrl }, footer),
  };
}

/**
 * Sent when an administrator approves a redemption (docs/product.md, "Redemptions"): what was approved, how it is
 * paid from here (by this installation's payout mode) and when, and the timeline so far.
 */
export function redemptionApprovedMail(
  to: string,
  r: {
    id: number;
    coins: number;
    dollars: string;
    method: string;
    recipient: string;
    delivery: string;
    automatic: boolean;
    timeline: string;
  },
  walletUrl: string,
): MailMessage {
  const intro = `Your redemption request #${r.id} of ${r.coins} coins ($${r.dollars}) by ${r.method} to ${r.recipient} has been approved.`;
  const how = r.automatic
    ? "The payout has been sent to our payout partner, which delivers it to you."
    : "We now send the payout to you ourselves.";
  const next = `Payment is ${r.delivery}. We will e-mail you again when it is paid.`;
  const footer = `Thank you for playing with ${APP_NAME}.`;
  return {
    to,
    subject: mailSubject(`your redemption #${r.id} has been approved`),
    text: `${[intro, how, next, r.timeline].join("\n")}\n\nYour wallet:\n${walletUrl}\n\n${footer}\n`,
    html: layout(
      "Redemption approved",
      [intro, how, next, r.timeline],
      { label: "Open my wallet", url: walletUrl },
      footer,
    ),
  };
}

/** Sent when a redemption is rejected: the reason, and that the coins are back in the balance. */
export function redemptionRejectedMail(
  to: string,
  r: { id: number; coins: number; dollars: string; reason: string; timeline?: string },
  walletUrl: string,
): MailMessage {
  const intro = `Your redemption request #${r.id} of ${r.coins} coins ($${r.dollars}) was not approved.`;
  const detail = `Reason: ${r.reason}`;
  const back = `The ${r.coins} coins are back in your balance.`;
  const steps = r.timeline ? [r.timeline] : [];
  const footer = "If you have questions, contact support (below).";
  return {
    to,
    subject: mailSubject(`your redemption #${r.id} was not approved`),
    text: `${[intro, detail, back, ...steps].join("\n")}\n\nYour wallet:\n${walletUrl}\n\n${footer}\n`,
    html: layout(
      "Redemption not approved",
      [intro, detail, back, ...steps],
      { label: "Open my wallet", url: walletUrl },
      footer,
    ),
  };
}

/** Sent when an administrator approves or rejects a KYC submission; `url` opens the /kyc page. */
export function kycDecisionMail(
  to: string,
  decision: { approved: boolean; reason: string | null; retentionDays: number },
  url: string,
): MailMessage {
  const title = decision.approved ? "Your identity is verified" : "Your identity check was not approved";
  const paragraphs = decision.approved
    ? [`Good news: we have checked your documents and your ${APP_NAME} account is now verified.`]
    : [
        `We have checked your documents and could not verify your identity for your ${APP_NAME} account.`,
        `Reason: ${decision.reason ?? "not given"}`,
        "You can correct this and submit your documents again.",
      ];
  const days = `${decision.retentionDays} day${decision.retentionDays === 1 ? "" : "s"}`;
  const footer = `Your documents are deleted from our systems ${days} after this decision.`;
  return {
    to,
    subject: decision.approved
      ? mailSubject("identity verified")
      : mailSubject("identity check not approved"),
    text: `${paragraphs.join("\n\n")}\n\nSee your status:\n${url}\n\n${footer}\n`,
    html: layout(title, paragraphs, { label: "See my status", url }, footer),
  };
}

/** Sent to the old address when an account is deleted (docs/product.md "Deleting the account"). */
export function accountDeletedMail(
  to: string,
  d: { forfeitedCoins: number; cancelledRedemptions: number[] },
  appUrl: string,
): MailMessage {
  const intro = `Your ${APP_NAME} account has been deleted, as you asked. Your e-mail address, sessions, identity documents and payout addresses have been erased.`;
  const coins = `${d.forfeitedCoins} coins were forfeited with the account.`;
  const cancelled = d.cancelledRedemptions.length
    ? [
        `Pending redemption requests cancelled first: ${d.cancelledRedemptions.map((id) => `#${id}`).join(", ")}.`,
      ]
    : [];
  const footer =
    "If you did not delete your account, contact support at once (below). You can sign up again with this address at any time; it will be a new account.";
  return {
    to,
    subject: mailSubject("your account has been deleted"),
    text: `${intro}\n${coins}\n${cancelled.join("\n")}\n\n${appUrl}\n\n${footer}\n`,
    html: layout(
      "Account deleted",
      [intro, coins, ...cancelled],
      { label: `Visit ${APP_NAME}`, url: appUrl },
      footer,
    ),
  };
}

/**
 * Sent when a partner reverses an offer whose coins were already spent (docs/product.md, "Earning partners"): what
 * was taken back, the debt the next earnings repay first, and any redemption held for review.
 */
export function partnerDebtMail(
  to: string,
  d: { partner: string; coins: number; taken: number; debt: number; heldRedemptions: number[] },
  walletUrl: string,
): MailMessage {
  const intro = `${d.partner} reversed an offer that had paid you ${d.coins} coins (a chargeback).`;
  const taken =
    d.taken > 0
      ? `We took back the ${d.taken} coins your balance held; the other ${d.debt} had already been spent.`
      : `All ${d.debt} coins had already been spent.`;
  const debt = `Your next ${d.debt} coins earned repay them first, before they reach your balance.`;
  const held = d.heldRedemptions.length
    ? [
        `Your pending redemption ${d.heldRedemptions.map((id) => `#${id}`).join(", ")} is held for review meanwhile.`,
      ]
    : [];
  const footer = "If you think this is a mistake, contact support (below).";
  return {
    to,
    subject: mailSubject("an offer's coins were reversed"),
    text: `${[intro, taken, debt, ...held].join("\n")}\n\nYour wallet:\n${walletUrl}\n\n${footer}\n`,
    html: layout(
      "Offer reversed",
      [intro, taken, debt, ...held],
      { label: "Open my wallet", url: walletUrl },
      footer,
    ),
  };
}
