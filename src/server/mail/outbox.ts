import type { Logger } from "../logger";
import type { Mailer, MailMessage } from "./mailer";

/**
 * Sends mail in the background. Auth responses never wait for delivery, so "no such account" and
 * "mail sent" take the same time (no account enumeration by timing) and a slow SMTP server does not
 * slow sign-up. Failures are logged. `idle()` resolves when everything queued so far has settled
 * (graceful shutdown, tests).
 */
export interface MailOutbox {
  enqueue(message: MailMessage): void;
  idle(): Promise<void>;
}

export function createMailOutbox(mailer: Mailer, logger: Logger): MailOutbox {
  const pending = new Set<Promise<void>>();
  return {
    enqueue(message) {
      const delivery = mailer
        .send(message)
        .catch((err: unknown) =>
          logger.error({ err, to: message.to, subject: message.subject }, "mail failed"),
        )
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
