import { z } from "zod";
import type { Database } from "../db/client";
import { runAfterCommit } from "../db/transaction-scope";
import { enqueueJob } from "../jobs/jobs.service";
import type { JobHandler, JobWorker } from "../jobs/jobs.worker";
import type { Logger } from "../logger";
import { footerLine, SUPPORT_SLOT } from "./layout";
import { escapeHtml } from "./links";
import type { Mailer, MailMessage } from "./mailer";

export const MAIL_QUEUE = "mail";
/**
 * Tries per mail: 1 s, 2 s, 4 s … then every 5 minutes (the worker's backoff), about two and a half hours in all;
 * then the job is 'failed' and logged. The confirmation link inside stays valid for 24 hours.
 */
export const MAIL_MAX_ATTEMPTS = 40;

const mailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});

/**
 * Mail goes out through the durable job queue (queue 'mail'): `enqueue` writes the message as a job — pass the
 * transaction of the event that causes it, so the mail exists if and only if the event committed — and the worker
 * delivers it through the mailer, retrying with backoff while the mail server is away. Auth responses never wait
 * for delivery, so "no such account" and "mail sent" take the same time and a slow SMTP server does not slow
 * sign-up. `idle()` delivers what is due now and waits for it (tests, shutdown).
 */
export interface MailOutbox {
  enqueue(message: MailMessage, options?: { db?: Database; dedupeKey?: string }): Promise<void>;
  idle(): Promise<void>;
}

export function createMailOutbox(
  db: Database,
  worker: JobWorker,
  contact: { appUrl: string; supportEmail: string | undefined },
): MailOutbox {
  return {
    async enqueue(message, options = {}) {
      await enqueueJob(options.db ?? db, {
        queue: MAIL_QUEUE,
        payload: withSupportLine(message, contact),
        dedupeKey: options.dedupeKey,
        maxAttempts: MAIL_MAX_ATTEMPTS,
      });
      // Deliver now rather than at the next poll: once the transaction commits, or at once outside one.
      if (!(options.db && runAfterCommit(() => worker.poke()))) worker.poke();
    },
    idle: () => worker.drain(),
  };
}

/**
 * Every mail ends saying where to get help (docs/product.md "Help and contact"): SUPPORT_EMAIL when set, else the
 * /help page — never a reply to the sender, which is a no-reply address.
 */
export function withSupportLine(
  message: MailMessage,
  { appUrl, supportEmail }: { appUrl: string; supportEmail: string | undefined },
): MailMessage {
  const help = `${appUrl}/help`;
  const text = supportEmail
    ? `Questions? Write to ${supportEmail} (replies to this e-mail are not read). Help: ${help}`
    : `Questions? See ${help} (replies to this e-mail are not read).`;
  const contact = supportEmail
    ? `Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a> (replies to this e-mail are not read). <a href="${escapeHtml(help)}">Help</a>`
    : `Questions? See <a href="${escapeHtml(help)}">${escapeHtml(help)}</a> (replies to this e-mail are not read).`;
  const line = footerLine(contact);
  const html = message.html.includes(SUPPORT_SLOT)
    ? message.html.replace(SUPPORT_SLOT, line)
    : message.html.includes("</body>")
      ? message.html.replace("</body>", `  ${line}\n</body>`)
      : `${message.html}${line}`;
  return { ...message, text: `${message.text.trimEnd()}\n\n${text}\n`, html };
}

/** The worker's handler for queue 'mail': one delivery attempt; a throw schedules the next. */
export function mailJobHandler(mailer: Mailer, logger: Logger): JobHandler {
  return async (payload, job) => {
    const message = mailPayload.parse(payload);
    await mailer.send(message);
    if (job.attempts > 1)
      logger.info({ to: message.to, attempts: job.attempts }, "mail delivered after retries");
  };
}
