import { sql } from "kysely";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { extractLinks } from "./links";
import type { Mailer } from "./mail-message";

/**
 * Development delivery: the message is kept in `dev_mailbox` (readable at /dev/mailbox) and its links
 * are logged, so a developer can follow a confirmation link without an SMTP server.
 */
export function createDevMailbox(db: Database, logger: Logger): Mailer {
  return {
    async send(message) {
      const { headers, ...mail } = message;
      await db
        .insertInto("dev_mailbox")
        .values({ ...mail, headers: headers ? JSON.stringify(headers) : null })
        .execute();
      logger.info(
        { to: message.to, subject: message.subject, links: extractLinks(message.text) },
        "mail stored in the dev mailbox (/dev/mailbox)",
      );
    },
  };
}

export interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string> | null;
  createdAt: string;
}

/** Newest first; optionally only the mail to one address (case-insensitive). */
export async function listDevMail(
  db: Database,
  options: { to?: string; limit?: number } = {},
): Promise<StoredMail[]> {
  let query = db
    .selectFrom("dev_mailbox")
    .select(["id", "to", "subject", "text", "html", "headers", "created_at"])
    .orderBy("id", "desc")
    .limit(options.limit ?? 100);
  const to = options.to?.trim().toLowerCase();
  if (to) query = query.where(sql<string>`lower("to")`, "=", to);
  const rows = await query.execute();
  return rows.map(({ created_at, ...mail }) => ({ ...mail, createdAt: new Date(created_at).toISOString() }));
}
