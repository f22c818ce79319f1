import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { createDevMailbox } from "./dev-mailbox";
import type { Mailer } from "./mail-message";
import { createSmtpMailer } from "./smtp-mailer";

export type { Mailer, MailMessage } from "./mail-message";

/** SMTP when SMTP_URL is set; otherwise the development mailbox (env.ts refuses that combination in production). */
export function createMailer(deps: { env: Env; db: Database; logger: Logger }): Mailer {
  if (deps.env.smtpUrl) return createSmtpMailer(deps.env.smtpUrl, deps.env.mailFrom);
  if (deps.env.nodeEnv === "production") throw new Error("SMTP_URL is required in production");
  return createDevMailbox(deps.db, deps.logger);
}
