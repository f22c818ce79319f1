/** A message, and the one way the server sends mail (its own module: the mailers implement it, mailer.ts picks one). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on a mail that can be turned off. */
  headers?: Record<string, string>;
}

/** The one way the server sends mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
