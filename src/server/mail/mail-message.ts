/** A message, and the one way the server sends mail (its own module: the mailers implement it, mailer.ts picks one). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The one way the server sends mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
