import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { InboxPage, MessageSettings, MessageSettingsUpdate } from "~/core/api/messages";
import {
  DEFAULT_MESSAGE_SETTINGS,
  MESSAGE_KIND_INFO,
  MESSAGE_KINDS,
  type MessageKind,
} from "~/core/messages";
import { recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import { cursorPage } from "../db/cursor-page";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { enqueueJob } from "../jobs/jobs.service";
import { countMessageUnsubscribed } from "../metrics/registry";
import type { MessageText } from "./message-mail";
import { readUnsubscribeToken } from "./unsubscribe-token";

/**
 * Lifecycle messages (docs/product.md, "Messages"; docs/decisions/103). A domain that sees an event worth telling
 * a player about calls `queueMessage` inside the transaction of that event: the message becomes a durable job
 * (queue 'message') keyed by the event, so it exists if and only if the event committed, and a repeat of the
 * event — a retry, another instance, a crash and restart — queues nothing more. The job (message-delivery.job.ts)
 * decides at its moment: turned off, quiet hours, daily cap; then the inbox row and the mail, once.
 */
export const MESSAGE_QUEUE = "message";
export const MESSAGE_MAX_ATTEMPTS = 20;

export interface QueuedMessage extends MessageText {
  userId: string;
  /** The event's key: unique over all messages ('referral-paid:<friend>:<referrer>' …). */
  key: string;
}

export async function queueMessage(trx: Kysely<DB>, message: QueuedMessage, runAt?: Date): Promise<void> {
  await enqueueJob(trx, {
    queue: MESSAGE_QUEUE,
    payload: message,
    dedupeKey: `message:${message.key}`,
    maxAttempts: MESSAGE_MAX_ATTEMPTS,
    ...(runAt ? { runAt } : {}),
  });
}

export async function queueMessages(trx: Kysely<DB>, messages: readonly QueuedMessage[]): Promise<void> {
  for (const m of messages) await queueMessage(trx, m);
}

/**
 * A money step whose own mail its domain already sends (a redemption's requested, approved, paid or rejected; a
 * partner debt), or that is told in the inbox only (a held partner credit decided): the words go in the player's
 * inbox, in the transaction of the step, keyed by its event so a repeat adds nothing. No second mail, and no
 * preference applies: money messages cannot be turned off.
 */
export async function addToInbox(trx: Kysely<DB>, m: QueuedMessage): Promise<void> {
  await insertMessage(trx, m, { mailed: true, at: sql<Date>`now()` })
    .onConflict((oc) => oc.column("event_key").doNothing())
    .execute();
}

/** A message's inbox row: `mailed` false when a cap kept its mail back. */
export function insertMessage(
  trx: Kysely<DB>,
  m: QueuedMessage,
  { mailed, at }: { mailed: boolean; at: Date | RawBuilder<Date> },
) {
  return trx.insertInto("messages").values({
    user_id: m.userId,
    kind: m.kind,
    event_key: m.key,
    title: m.title,
    body: m.body,
    link: m.link,
    mailed,
    created_at: at,
  });
}

type SettingsRow = {
  off_kinds: string[];
  time_zone: string;
  quiet_start: number;
  quiet_end: number;
  daily_cap: number;
};

const toSettings = (row: SettingsRow | undefined): MessageSettings => {
  const s = row ?? {
    off_kinds: [],
    time_zone: DEFAULT_MESSAGE_SETTINGS.timeZone,
    quiet_start: DEFAULT_MESSAGE_SETTINGS.quietStart,
    quiet_end: DEFAULT_MESSAGE_SETTINGS.quietEnd,
    daily_cap: DEFAULT_MESSAGE_SETTINGS.dailyCap,
  };
  return {
    kinds: MESSAGE_KINDS.map((kind) => ({
      kind,
      ...MESSAGE_KIND_INFO[kind],
      on: !(MESSAGE_KIND_INFO[kind].optional && s.off_kinds.includes(kind)),
    })),
    timeZone: s.time_zone,
    quietStart: s.quiet_start,
    quietEnd: s.quiet_end,
    dailyCap: s.daily_cap,
  };
};

const settingsColumns = ["off_kinds", "time_zone", "quiet_start", "quiet_end", "daily_cap"] as const;

export async function getMessageSettings(db: Kysely<DB>, userId: string): Promise<MessageSettings> {
  const row = await db
    .selectFrom("message_settings")
    .select(settingsColumns)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return toSettings(row);
}

/** The player's settings row, created with the defaults when missing, locked for the rest of `trx`. */
export async function lockSettings(trx: Transaction<DB>, userId: string): Promise<SettingsRow> {
  await trx
    .insertInto("message_settings")
    .values({ user_id: userId })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  return trx
    .selectFrom("message_settings")
    .select(settingsColumns)
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Changes what the update names; kinds that cannot be turned off stay on whatever it says. */
export async function updateMessageSettings(
  db: Database,
  userId: string,
  update: MessageSettingsUpdate,
): Promise<MessageSettings> {
  return db.transaction().execute(async (trx) => {
    const current = await lockSettings(trx, userId);
    let off = new Set(current.off_kinds);
    for (const [kind, on] of Object.entries(update.kinds ?? {}) as [MessageKind, boolean][])
      if (MESSAGE_KIND_INFO[kind].optional) on ? off.delete(kind) : off.add(kind);
    off = new Set([...off].filter((k) => MESSAGE_KIND_INFO[k as MessageKind]?.optional));
    const row = await trx
      .updateTable("message_settings")
      .set({
        off_kinds: [...off].sort(),
        time_zone: update.timeZone ?? current.time_zone,
        quiet_start: update.quietStart ?? current.quiet_start,
        quiet_end: update.quietEnd ?? current.quiet_end,
        daily_cap: update.dailyCap ?? current.daily_cap,
        updated_at: new Date(),
      })
      .where("user_id", "=", userId)
      .returning(settingsColumns)
      .executeTakeFirstOrThrow();
    return toSettings(row);
  });
}

/**
 * One-click unsubscribe (RFC 8058), no session: the signed token names one player and one kind; that kind is
 * turned off for that player and nothing else, and the change is written to the audit log in the same
 * transaction (actor: the system; the token is the player's own proof). A kind that cannot be turned off, or a
 * bad token, is a 400.
 */
export async function unsubscribe(
  deps: { db: Database; secret: string },
  token: string,
  requestId: string | null,
): Promise<{ kind: MessageKind }> {
  const named = readUnsubscribeToken(deps.secret, token);
  if (!named || !MESSAGE_KIND_INFO[named.kind].optional) throw new AppError("UNSUBSCRIBE_LINK_INVALID");
  const { userId, kind } = named;
  const exists = await deps.db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  if (!exists) throw new AppError("UNSUBSCRIBE_LINK_INVALID");
  const changed = await deps.db.transaction().execute(async (trx) => {
    const current = await lockSettings(trx, userId);
    if (current.off_kinds.includes(kind)) return false;
    await trx
      .updateTable("message_settings")
      .set({ off_kinds: [...current.off_kinds, kind].sort(), updated_at: new Date() })
      .where("user_id", "=", userId)
      .execute();
    await recordAudit(trx, {
      actorId: null,
      action: "messages.unsubscribe",
      targetType: "user",
      targetId: userId,
      before: { on: true },
      after: { on: false, kind },
      reason: "one-click unsubscribe link in a mail",
      requestId,
    });
    return true;
  });
  if (changed) countMessageUnsubscribed(kind);
  return { kind };
}

const PAGE = 20;

/** The player's inbox, newest first, paged by id (index messages_user_idx), with the unread count. */
export async function listInbox(db: Database, userId: string, before?: number): Promise<InboxPage> {
  let query = db
    .selectFrom("messages")
    .select(["id", "kind", "title", "body", "link", "created_at", "read_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(PAGE + 1);
  if (before !== undefined) query = query.where("id", "<", String(before));
  const [rows, unread] = await Promise.all([query.execute(), unreadCount(db, userId)]);
  const page = cursorPage(rows, PAGE, (r) => ({
    id: Number(r.id),
    kind: r.kind as MessageKind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: new Date(r.created_at).toISOString(),
    read: r.read_at !== null,
  }));
  return { messages: page.entries, nextCursor: page.nextCursor, unread };
}

export async function unreadCount(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("messages")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the player's messages up to id `upTo` read (the ones the inbox showed); others' are never touched. */
export async function markRead(db: Database, userId: string, upTo: number): Promise<{ unread: number }> {
  await db
    .updateTable("messages")
    .set({ read_at: new Date() })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .where("id", "<=", String(upTo))
    .execute();
  return { unread: await unreadCount(db, userId) };
}
