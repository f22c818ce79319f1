import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * A watch's start writes one index less (ADR 081). `video_watches_user_idx` (user, started_at desc) has no reader:
 * a player's watches are read in id order (the data download) through `video_watches_user_id_idx` (user, id,
 * migration 0230), which also serves the cascade of an account's deletion; a watch is found by its id. Every start
 * paid for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ["drop index if exists video_watches_user_idx"]);
}
