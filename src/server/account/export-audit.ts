import type { Database } from "../db/client";
import { arrayOf, iso, pages } from "./export-stream";

/**
 * The data download's audit section (export.service.ts): the audit rows about the user, their redemptions and
 * their KYC submissions. Administrators appear as "administrator", never by id.
 */

/** Who did something, as the user may see it. */
const actorOf = (actorId: string | null, userId: string) =>
  actorId === null ? "system" : actorId === userId ? "you" : "administrator";

/** Drops the ids of other people (administrators) from an audit row's before/after. */
function withoutOthers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutOthers);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !/(By|ById|adminId|actorId)$/.test(k))
      .map(([k, v]) => [k, withoutOthers(v)]),
  );
}

/** A page of the audit rows about the user, their redemptions (`redemptionIds`) and KYC submissions (`kycIds`). */
function auditPage(db: Database, userId: string, redemptionIds: string[], kycIds: string[]) {
  return (after: number | null, limit: number) =>
    db
      .selectFrom("audit_log")
      .select([
        "id",
        "actor_id",
        "action",
        "target_type",
        "target_id",
        "before",
        "after",
        "reason",
        "created_at",
      ])
      .where((eb) =>
        eb.or([
          eb.and([eb("target_type", "=", "user"), eb("target_id", "=", userId)]),
          ...(redemptionIds.length
            ? [eb.and([eb("target_type", "=", "redemption"), eb("target_id", "in", redemptionIds)])]
            : []),
          ...(kycIds.length
            ? [eb.and([eb("target_type", "=", "kyc_submission"), eb("target_id", "in", kycIds)])]
            : []),
        ]),
      )
      .$if(after !== null, (q) => q.where("id", ">", after!))
      .orderBy("id")
      .limit(limit)
      .execute();
}

/** The audit entries, oldest first, as the user may see them. */
export function auditEntriesOf(db: Database, userId: string, redemptionIds: string[], kycIds: string[]) {
  return arrayOf(
    "auditEntries",
    pages(auditPage(db, userId, redemptionIds, kycIds), (r) => Number(r.id)),
    (a) => ({
      at: iso(a.created_at),
      by: actorOf(a.actor_id, userId),
      action: a.action,
      about: a.target_type === "user" ? "your account" : `${a.target_type} ${a.target_id}`,
      before: withoutOthers(a.before),
      after: withoutOthers(a.after),
      reason: a.reason,
    }),
  );
}
