import nodemailer from "nodemailer";
import type { Mailer } from "./mailer";

/**
 * Delivers over SMTP. `smtpUrl` is a nodemailer connection URL (smtp://user:pass@host:587, smtps://…:465);
 * extra transport options go in its query string, e.g. `?ignoreTLS=true` for a local sink.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
