import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/** The development mailbox: where mail goes when SMTP_URL is not set (never in production). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table dev_mailbox (
      id serial primary key,
      "to" text not null,
      subject text not null,
      text text not null,
      html text not null,
      created_at timestamptz not null default now()
    )`,
    `create index dev_mailbox_to_idx on dev_mailbox ("to", id desc)`,
  ]);
}
