import { sql, type Transaction } from "kysely";
import { z } from "zod";
import { inQuietHours, MESSAGE_KIND_INFO, MESSAGE_KINDS, quietHoursEnd } from "~/core/messages";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { enqueueJob } from "../jobs/jobs.service";
import type { JobHandler } from "../jobs/jobs.worker";
import type { MailOutbox } from "../mail/outbox.job";
import { countMessageSent, countMessageSuppressed, type MessageSuppression } from "../metrics/registry";
import { messageMail } from "./message-mail";
import {
  insertMessage,
  lockSettings,
  MESSAGE_MAX_ATTEMPTS,
  MESSAGE_QUEUE,
  type QueuedMessage,
} from "./messages.service";

const payloadSchema = z.object({
  userId: z.string().min(1),
  key: z.string().min(1),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().startsWith("/"),
  action: z.string(),
});

const DAY_MS = 86_400_000;
const optionalKinds = MESSAGE_KINDS.filter((k) => MESSAGE_KIND_INFO[k].optional);

type Outcome = "sent" | "duplicate" | "gone" | "deferred" | MessageSuppression;

export interface DeliveryDeps {
  db: Database;
  mailOutbox: MailOutbox;
  env: { appUrl: string; authSecret: string | undefined };
}

/** Optional mails this player was sent in the 24 hours before `now` (the daily cap counts these). */
async function optionalMailedSince(trx: Transaction<DB>, userId: string, now: Date): Promise<number> {
  const row = await trx
    .selectFrom("messages")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("user_id", "=", userId)
    .where("mailed", "=", true)
    .where("kind", "in", optionalKinds)
    .where("created_at", ">", new Date(now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One message's moment (docs/product.md, "Messages"), in one transaction under a lock on the player's settings
 * row, so two messages for one player are decided one after the other:
 * - already in the inbox (its event key), or the account is gone → nothing;
 * - a kind the player turned off → nothing at all (suppressed: preference);
 * - the player's quiet hours → held: queued again for when they end (suppressed: quiet_hours) — a streak
 *   reminder, out of date by morning, is dropped instead;
 * - otherwise the inbox row, and the mail unless the kind is optional and the player had `daily_cap` optional
 *   mails in the last 24 hours (suppressed: cap — the inbox still has it).
 * The inbox row's unique event key and the mail's dedupe key make a rerun after a crash a no-op.
 */
async function deliver(deps: DeliveryDeps, m: QueuedMessage, now: Date): Promise<Outcome> {
  return deps.db.transaction().execute(async (trx) => {
    const seen = await trx
      .selectFrom("messages")
      .select("id")
      .where("event_key", "=", m.key)
      .executeTakeFirst();
    if (seen) return "duplicate";
    const user = await trx
      .selectFrom("user")
      .innerJoin("user_profiles", "user_profiles.id", "user.id")
      .select("user.email")
      .where("user.id", "=", m.userId)
      .where("user_profiles.deleted_at", "is", null)
      .executeTakeFirst();
    if (!user) return "gone";
    const s = await lockSettings(trx, m.userId);
    const optional = MESSAGE_KIND_INFO[m.kind].optional;
    if (optional && s.off_kinds.includes(m.kind)) return "preference";
    if (inQuietHours(now, s.time_zone, s.quiet_start, s.quiet_end)) {
      if (m.kind === "streak_at_risk") return "quiet_hours";
      const until = quietHoursEnd(now, s.time_zone, s.quiet_end);
      await enqueueJob(trx, {
        queue: MESSAGE_QUEUE,
        payload: m,
        dedupeKey: `message:${m.key}:after-quiet:${until.getTime()}`,
        runAt: until,
        maxAttempts: MESSAGE_MAX_ATTEMPTS,
      });
      return "deferred";
    }
    const capped = optional && (await optionalMailedSince(trx, m.userId, now)) >= s.daily_cap;
    await insertMessage(trx, m, { mailed: !capped, at: now }).execute();
    if (capped) return "cap";
    const secret = deps.env.authSecret;
    if (!secret) throw new Error("messages need the app's secret (AUTH_SECRET or the generated one)");
    const mail = messageMail({ email: user.email, userId: m.userId }, m, {
      appUrl: deps.env.appUrl,
      authSecret: secret,
    });
    await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `message-mail:${m.key}` });
    return "sent";
  });
}

/** The worker's handler for queue 'message'. */
export function messageJobHandler(deps: DeliveryDeps): JobHandler {
  return async (payload) => {
    const m = payloadSchema.parse(payload);
    const outcome = await deliver(deps, m, new Date());
    if (outcome === "sent") countMessageSent(m.kind);
    else if (outcome === "deferred") countMessageSuppressed("quiet_hours");
    else if (outcome === "preference" || outcome === "cap" || outcome === "quiet_hours")
      countMessageSuppressed(outcome);
  };
}
