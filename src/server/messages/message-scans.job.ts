import { type Kysely, sql, type Transaction } from "kysely";
import { isPlayKind } from "~/core/coins";
import { COME_BACK_DAYS, EVENING_HOUR, INBOX_RETENTION_DAYS, nextLocalHour } from "~/core/messages";
import { nextUtcMidnight, utcDay } from "~/core/utc-day";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import type { JobHandler } from "../jobs/jobs.worker";
import type { LedgerEventConsumer } from "../ledger/ledger-events";
import { lifecycleMessages } from "./lifecycle-texts";
import { queueMessage } from "./messages.service";

/**
 * The messages that come from time passing (docs/product.md, "Messages"): the streak reminder in the player's
 * evening and 'we miss you' 3 and 7 days after the last play. `player_activity` holds, per player, when each is
 * due next; the scans read only the due rows, oldest first, through the partial indexes on those times, in
 * batches, and take each row by clearing or advancing its due time in the transaction that queues its message
 * (keyed by the event), so two instances never send one twice.
 */
export const MESSAGE_SCAN_QUEUE = "message.scan";
export const MESSAGE_SCAN_EVERY_MS = 5 * 60_000;
export const INBOX_PRUNE_QUEUE = "message.prune";
export const INBOX_PRUNE_EVERY_MS = 24 * 60 * 60_000;

const DAY_MS = 86_400_000;
const BATCH = 200;

/** The consumer of the award's 'paid' events that records each player's last play (the 'we miss you' clock). */
export const activityConsumer: LedgerEventConsumer<number> = {
  name: "messages.activity",
  async consume(trx, events) {
    const last = new Map<string, Date>();
    for (const e of events)
      if (isPlayKind(e.kind) && (last.get(e.userId)?.getTime() ?? 0) < e.at.getTime())
        last.set(e.userId, e.at);
    if (last.size === 0) return 0;
    const rows = [...last].map(([user_id, at]) => ({ user_id, at: at.toISOString() }));
    await sql`
      insert into player_activity (user_id, last_play_at, come_back_step, come_back_at)
      select r.user_id, r.at, 0, r.at + ${`${COME_BACK_DAYS[0]} days`}::interval
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id text, at timestamptz)
      where exists (select 1 from "user" u where u.id = r.user_id)
      on conflict (user_id) do update set last_play_at = excluded.last_play_at, come_back_step = 0,
        come_back_at = excluded.come_back_at
      where player_activity.last_play_at < excluded.last_play_at`.execute(trx);
    return last.size;
  },
};

/**
 * The daily goal was met on UTC `day` (the streak's consumer calls it in its transaction): the next reminder is
 * due in the player's evening (EVENING_HOUR in their time zone) during the following UTC day; a milestone of
 * `streak` days is told at once.
 */
export async function noteGoalMet(
  trx: Transaction<DB>,
  userId: string,
  day: string,
  streak: number,
): Promise<void> {
  const tz = await trx
    .selectFrom("message_settings")
    .select("time_zone")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const atRisk = nextLocalHour(
    nextUtcMidnight(new Date(`${day}T00:00:00Z`)),
    tz?.time_zone ?? "UTC",
    EVENING_HOUR,
  );
  await trx
    .insertInto("player_activity")
    .values({ user_id: userId, last_play_at: new Date(), goal_day: day, at_risk_at: atRisk })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ goal_day: day, at_risk_at: atRisk }))
    .execute();
  if (streak === 7 || streak === 30)
    await queueMessage(trx, lifecycleMessages.streakMilestone({ userId, day, days: streak }));
}

/**
 * Streak reminders due by `now`; the goal of the day the reminder falls in must still be unmet. Returns how many
 * due rows it took (at most BATCH).
 */
export async function scanAtRisk(db: Database, now: Date = new Date()): Promise<number> {
  const due = await db
    .selectFrom("player_activity")
    .select("user_id")
    .where("at_risk_at", "is not", null)
    .where("at_risk_at", "<=", now)
    .orderBy("at_risk_at")
    .limit(BATCH)
    .execute();
  for (const { user_id } of due)
    await db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable("player_activity")
        .set({ at_risk_at: null })
        .where("user_id", "=", user_id)
        .where("at_risk_at", "<=", now)
        .returning(sql<string>`to_char(goal_day, 'YYYY-MM-DD')`.as("goal_day"))
        .executeTakeFirst();
      const today = utcDay(now);
      const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
      // Met yesterday and not today: the streak is alive and breaks at midnight.
      if (taken?.goal_day !== yesterday) return;
      await queueMessage(trx, lifecycleMessages.streakAtRisk({ userId: user_id, day: today }));
    });
  return due.length;
}

/**
 * 'We miss you' due by `now`: day 3, then day 7 after the last play, then no more until the player plays again.
 * Returns how many due rows it took (at most BATCH).
 */
export async function scanComeBack(db: Database, now: Date = new Date()): Promise<number> {
  const due = await db
    .selectFrom("player_activity")
    .select("user_id")
    .where("come_back_at", "is not", null)
    .where("come_back_at", "<=", now)
    .orderBy("come_back_at")
    .limit(BATCH)
    .execute();
  for (const { user_id } of due)
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("player_activity")
        .select(["come_back_step", "last_play_at"])
        .where("user_id", "=", user_id)
        .where("come_back_at", "<=", now)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.come_back_step > 1) return;
      const step = row.come_back_step as 0 | 1;
      const lastPlayAt = new Date(row.last_play_at);
      const next = step === 0 ? new Date(lastPlayAt.getTime() + COME_BACK_DAYS[1] * DAY_MS) : null;
      await trx
        .updateTable("player_activity")
        .set({ come_back_step: step + 1, come_back_at: next })
        .where("user_id", "=", user_id)
        .execute();
      await queueMessage(trx, lifecycleMessages.comeBack({ userId: user_id, lastPlayAt, step }));
    });
  return due.length;
}

/** Deletes inbox messages older than INBOX_RETENTION_DAYS, `batch` rows a statement (index messages_created_idx). */
export async function pruneInbox(db: Kysely<DB>, now: Date = new Date(), batch = 1000): Promise<number> {
  const cutoff = new Date(now.getTime() - INBOX_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom("messages")
      .where("id", "in", (q) =>
        q
          .selectFrom("messages")
          .select("id")
          .where("created_at", "<", cutoff)
          .orderBy("created_at")
          .limit(batch),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    deleted += n;
    if (n < batch) return deleted;
  }
}

/** Runs both scans until a batch comes back short (nothing more is due). */
export const messageScanJobHandler =
  (db: Database): JobHandler =>
  async () => {
    for (let n = BATCH; n === BATCH; ) n = await scanAtRisk(db);
    for (let n = BATCH; n === BATCH; ) n = await scanComeBack(db);
  };

export const inboxPruneJobHandler =
  (db: Database): JobHandler =>
  async () => {
    await pruneInbox(db);
  };
