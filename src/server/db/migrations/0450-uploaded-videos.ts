import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Videos the console uploads (docs/product.md, "Content operations"; docs/decisions/111): each video row gets
 * what an editor sets — its coins per full watch (`reward`, 1 to the ledger's ceiling for a watch), its paid
 * watches a day (`watches_per_day`; null: the server's EARN_VIDEO_WATCHES_PER_DAY), its schedule (`publish_at`,
 * `retire_at`, UTC; null: at once / never) and an optional poster image. Columns with constant defaults (no table
 * rewrite) and checks added NOT VALID, validated by migration 0495 (no long lock on `videos`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "set local lock_timeout = '500ms'",
    "alter table videos add column reward integer not null default 10",
    "alter table videos add column watches_per_day integer",
    "alter table videos add column publish_at timestamptz",
    "alter table videos add column retire_at timestamptz",
    "alter table videos add column poster_url text",
    "alter table videos add constraint videos_reward_check check (reward between 1 and 10) not valid",
    `alter table videos add constraint videos_watches_per_day_check
      check (watches_per_day is null or watches_per_day between 0 and 100000) not valid`,
  ]);
}
