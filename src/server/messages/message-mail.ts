import { MESSAGE_KIND_INFO, type MessageKind } from "~/core/messages";
import { layout, mailSubject } from "../mail/layout";
import type { MailMessage } from "../mail/mailer";
import { unsubscribeToken } from "./unsubscribe-token";

/** What a lifecycle message says, in the inbox and in its mail alike. */
export interface MessageText {
  kind: MessageKind;
  title: string;
  body: string;
  /** The app's page the message is about (a path: /referral, /wallet …). */
  link: string;
  /** The button's words. */
  action: string;
}

/** The one-click unsubscribe endpoint a mail's List-Unsubscribe header names (RFC 8058). */
export const unsubscribeUrl = (appUrl: string, token: string) =>
  `${appUrl}/api/messages/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * The mail of a lifecycle message in the one mail design. A kind the player may turn off carries the one-click
 * unsubscribe headers (List-Unsubscribe with the signed URL, List-Unsubscribe-Post: List-Unsubscribe=One-Click)
 * and says in its footer where the settings are; money and account mails carry none (they cannot be turned off).
 */
export function messageMail(
  to: { email: string; userId: string },
  m: MessageText,
  env: { appUrl: string; authSecret: string },
): MailMessage {
  const url = `${env.appUrl}${m.link}`;
  const settings = `${env.appUrl}/account#messages`;
  const optional = MESSAGE_KIND_INFO[m.kind].optional;
  const footer = optional
    ? `You get this because "${MESSAGE_KIND_INFO[m.kind].label}" is on. Turn it off on your account page: ${settings}`
    : "This mail is about your coins or your account, so it cannot be turned off.";
  const mail: MailMessage = {
    to: to.email,
    subject: mailSubject(m.title.charAt(0).toLowerCase() + m.title.slice(1)),
    text: `${m.body}\n\n${m.action}:\n${url}\n\n${footer}\n`,
    html: layout(m.title, [m.body], { label: m.action, url }, footer),
  };
  if (!optional) return mail;
  const token = unsubscribeToken(env.authSecret, to.userId, m.kind);
  return {
    ...mail,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl(env.appUrl, token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
