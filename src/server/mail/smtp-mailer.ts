import nodemailer from "nodemailer";
import type { Mailer } from "./mail-message";

/**
 * Delivers over SMTP. `smtpUrl` is a nodemailer connection URL (smtp://user:pass@host:587, smtps://…:465);
 * extra transport options go in its query string, e.g. `?ignoreTLS=true` for a local sink.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Bounded well inside the job lease (60 s), so a silent server fails the attempt and it is retried.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
