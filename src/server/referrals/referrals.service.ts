import { sql, type Transaction } from "kysely";
import type { ReferralsView } from "~/core/api/referrals";
import { maskEmail, PLAY_KINDS, REFERRAL_BONUS_COINS } from "~/core/coins";
import { REFERRAL_LIMIT_WINDOW_MS } from "~/core/earning";
import { normalizeReferralCode, type ReferralOutcome } from "~/core/referral-code";
import { REFERRED_FRIENDS_LIMIT, referralBonusStatus, referralLink } from "~/core/referrals";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import { ledgerPolicy } from "../ledger/ledger-policy";
import {
  dropPendingPair,
  lockProfiles,
  payReferralPair,
  REFERRER_BONUS_LIMIT_KEY,
  recordPendingPair,
  releasePendingPair,
} from "../ledger/referral-pair";
import { withRetryableTransaction } from "../ledger/transaction";
import { looksLikeSamePerson } from "./same-person";

/**
 * The referral rules (docs/product.md, "Referral program"): the referral recorded at sign-up and what the
 * sign-up reports, the pair recorded as pending at the friend's first earning or held for review (same person),
 * its release once the friend's own earnings clear the rule, the referrer's 30-day limit, the administrator's
 * decision on a held pair, and the status the referral page shows. The pair's coins are written only by the
 * ledger (src/server/ledger/referral-pair.ts, called from here). The ledger learns nothing of these rules: its
 * award writes one 'paid' event, whose consumer (first-earning-consumer.ts) writes a job of queue
 * `referral.first-earning` at a referred user's first earning, and the handlers in referral-bonus.job.ts call
 * recordFirstEarning and releaseClearedReferrals. The review queue's routes and
 * audited decisions are in referrals.admin.*.
 */

/** The user whose referral code this is (any case, spaces ignored), or undefined. */
export async function findReferrerId(db: Database, code: string | null | undefined) {
  const normalized = normalizeReferralCode(code);
  if (!normalized) return undefined;
  const row = await db
    .selectFrom("user_profiles")
    .select("id")
    .where("referral_code", "=", normalized)
    .executeTakeFirst();
  return row?.id;
}

/** "none" without a code, "applied" when it names a referrer, else "invalid". */
function outcomeOf(code: string | null | undefined, referrerId: string | null | undefined): ReferralOutcome {
  if (!normalizeReferralCode(code)) return "none";
  return referrerId ? "applied" : "invalid";
}

/** What a sign-up with `code` reports, judged by the code alone (used when no account was created). */
export async function referralOutcomeOf(
  db: Database,
  code: string | null | undefined,
): Promise<ReferralOutcome> {
  return outcomeOf(code, await findReferrerId(db, code));
}

/** The referrer a new user's sign-up `code` names (never the user), and what the sign-up reports. */
export async function referralAtSignUp(
  trx: Database,
  userId: string,
  code: string | null | undefined,
): Promise<{ referrerId: string | null; outcome: ReferralOutcome }> {
  const found = await findReferrerId(trx, code);
  const referrerId = found && found !== userId ? found : null;
  return { referrerId, outcome: outcomeOf(code, referrerId) };
}

/** Records the referral once (one referrals row per friend), in the sign-up's own transaction. */
export async function recordReferral(trx: Database, referrerId: string, referredId: string): Promise<void> {
  await trx
    .insertInto("referrals")
    .values({ referrer_id: referrerId, referred_id: referredId })
    .onConflict((oc) => oc.column("referred_id").doNothing())
    .execute();
}

/**
 * True while the referrer has fewer than `limit` referrer bonuses in the last 30 days: paid ones, and those
 * recorded as pending (clearing) that will be paid.
 */
async function referrerWithinLimit(tx: Database, referrerId: string, limit: number): Promise<boolean> {
  const since = new Date(Date.now() - REFERRAL_LIMIT_WINDOW_MS);
  const recent = await tx
    .selectFrom("coin_ledger")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", referrerId)
    .where("limit_key", "=", REFERRER_BONUS_LIMIT_KEY)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  const clearing = await tx
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("referrer_id", "=", referrerId)
    .where("bonus_status", "=", "clearing")
    .where("referrer_paid", "=", true)
    .executeTakeFirstOrThrow();
  return Number(recent.n) + Number(clearing.n) < limit;
}

/**
 * The friend's first earning (the job the award's event's consumer writes): under a lock on the referral row, a referral
 * still 'pending' is either held for review (the same person on both sides: same-person.ts, the same mailbox, browser or address) with nothing
 * recorded, or recorded as 'clearing': both 50-coin bonuses as pending coins (the referrer's within its 30-day
 * limit), paid later by releaseClearedReferrals. Idempotent: a referral past 'pending' is left alone.
 */
export async function recordFirstEarning(
  db: Database,
  friendId: string,
): Promise<"clearing" | "held" | "none"> {
  const limit = ledgerPolicy(db).limits.referralBonusesPer30Days;
  return withRetryableTransaction(db, async (tx) => {
    const referral = await tx
      .selectFrom("referrals")
      .select(["bonus_status", "referrer_id"])
      .where("referred_id", "=", friendId)
      .forUpdate()
      .executeTakeFirst();
    if (referral?.bonus_status !== "pending") return "none";
    const referrerId = referral.referrer_id;
    if (await looksLikeSamePerson(tx, friendId, referrerId)) {
      await tx
        .updateTable("referrals")
        .set({ bonus_status: "held" })
        .where("referred_id", "=", friendId)
        .execute();
      return "held";
    }
    await lockProfiles(tx, [friendId, referrerId]);
    const payReferrer = await referrerWithinLimit(tx, referrerId, limit);
    await recordPendingPair(tx, { friendId, referrerId, payReferrer });
    await tx
      .updateTable("referrals")
      .set({ bonus_status: "clearing", referrer_paid: payReferrer, recorded_at: new Date() })
      .where("referred_id", "=", friendId)
      .execute();
    return "clearing";
  });
}

/**
 * The kinds a friend earns through their own activity (PLAY_KINDS): what counts towards the release rule (a
 * streak bonus rewards the habit, not an activity of its own, so it does not count).
 */
const ownEarningKinds = PLAY_KINDS;

const earnedCoins = sql<number>`coalesce(sum(coin_ledger.amount), 0)::int`;
const earnedDays = sql<number>`count(distinct (coin_ledger.created_at at time zone 'UTC')::date)::int`;

/** The own earnings of the friends `friendIds`: coins, and the different UTC days they were earned on. */
async function ownEarningsOf(db: Database, friendIds: string[]) {
  if (friendIds.length === 0) return new Map<string, { coins: number; days: number }>();
  const rows = await db
    .selectFrom("coin_ledger")
    .select(["user_id", earnedCoins.as("coins"), earnedDays.as("days")])
    .where("user_id", "in", friendIds)
    .where("kind", "in", ownEarningKinds)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((r) => [r.user_id, { coins: Number(r.coins), days: Number(r.days) }]));
}

/**
 * The release job's work: every 'clearing' referral whose friend has earned at least the release rule's coins
 * of their own (ledger policy: REFERRAL_RELEASE_COINS) on at least its days (REFERRAL_RELEASE_DAYS) is paid
 * through the ledger (both rows, the pending coins taken out), each in its own transaction under a lock on the referral row, so a pair is paid exactly once however
 * often and wherever this runs (the cause keys back it up). Returns how many pairs it released.
 */
export async function releaseClearedReferrals(db: Database, batch = 200): Promise<number> {
  const rule = ledgerPolicy(db).referralRelease;
  // Only the clearing referrals' friends' rows are read (the partial index referrals_clearing_idx).
  const due = await db
    .selectFrom("referrals")
    .innerJoin("coin_ledger", "coin_ledger.user_id", "referrals.referred_id")
    .select("referrals.referred_id")
    .where("referrals.bonus_status", "=", "clearing")
    .where("coin_ledger.kind", "in", ownEarningKinds)
    .groupBy(["referrals.referred_id", "referrals.recorded_at"])
    .having(earnedCoins, ">=", rule.coins)
    .having(earnedDays, ">=", rule.days)
    .orderBy("referrals.recorded_at")
    .limit(batch)
    .execute();
  let released = 0;
  for (const { referred_id: friendId } of due) {
    const done = await withRetryableTransaction(db, async (tx) => {
      const referral = await tx
        .selectFrom("referrals")
        .select(["bonus_status", "referrer_id", "referrer_paid"])
        .where("referred_id", "=", friendId)
        .forUpdate()
        .executeTakeFirst();
      if (referral?.bonus_status !== "clearing") return false;
      await releasePendingPair(tx, {
        friendId,
        referrerId: referral.referrer_id,
        payReferrer: referral.referrer_paid,
      });
      await tx
        .updateTable("referrals")
        .set({ bonus_status: "paid" })
        .where("referred_id", "=", friendId)
        .execute();
      return true;
    });
    if (done) released++;
  }
  return released;
}

/** What deciding a held referral did: the coins paid to each side (0 when declined). */
export interface DecidedReferral {
  referrerId: string;
  status: "released" | "declined";
  friendCoins: number;
  referrerCoins: number;
}

/**
 * Decides a held referral bonus (an administrator's review): `release` pays the pair now (the referrer's
 * half still within the 30-day limit), `decline` pays nothing. Either way the referral is settled for good.
 * `inTransaction` runs inside the same transaction after the change (the caller's audit row), so the
 * decision, its coins and its record commit or roll back together.
 * Returns false when the friend's referral is not held (unknown, or decided already).
 */
export async function decideHeldReferral(
  db: Database,
  input: {
    referredId: string;
    decision: "release" | "decline";
    decidedBy: string | null;
    inTransaction?: (tx: Transaction<DB>, decided: DecidedReferral) => Promise<void>;
  },
): Promise<DecidedReferral | false> {
  return withRetryableTransaction(db, async (tx) => {
    const referral = await tx
      .selectFrom("referrals")
      .select(["bonus_status", "referrer_id"])
      .where("referred_id", "=", input.referredId)
      .forUpdate()
      .executeTakeFirst();
    if (referral?.bonus_status !== "held") return false;
    let paid = { friend: 0, referrerPaid: false };
    if (input.decision === "release") {
      await lockProfiles(tx, [input.referredId, referral.referrer_id]);
      const limit = ledgerPolicy(db).limits.referralBonusesPer30Days;
      const payReferrer = await referrerWithinLimit(tx, referral.referrer_id, limit);
      paid = await payReferralPair(tx, {
        friendId: input.referredId,
        referrerId: referral.referrer_id,
        payReferrer,
      });
    }
    const status = input.decision === "release" ? "released" : "declined";
    await tx
      .updateTable("referrals")
      .set({
        bonus_status: status,
        referrer_paid: paid.referrerPaid,
        decided_at: new Date(),
        decided_by: input.decidedBy,
      })
      .where("referred_id", "=", input.referredId)
      .execute();
    const decided: DecidedReferral = {
      referrerId: referral.referrer_id,
      status,
      friendCoins: paid.friend,
      referrerCoins: paid.referrerPaid ? REFERRAL_BONUS_COINS : 0,
    };
    await input.inTransaction?.(tx, decided);
    return decided;
  });
}

/** How many referral bonus pairs wait for an administrator's review. */
export async function countHeldReferrals(db: Database): Promise<number> {
  const row = await db
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("bonus_status", "=", "held")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The referral page of `userId`: code, link (on `origin`, the public APP_URL), the release rule and the friends
 * who signed up with the code, newest first, each with the state of the bonus pair and — while it clears — the
 * friend's own earnings so far.
 */
export async function getReferrals(db: Database, userId: string, origin: string): Promise<ReferralsView> {
  const release = ledgerPolicy(db).referralRelease;
  const profile = await db
    .selectFrom("user_profiles")
    .select("referral_code")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!profile) return { code: null, link: null, friends: [], release };

  const rows = await db
    .selectFrom("referrals")
    .innerJoin("user", "user.id", "referrals.referred_id")
    .select([
      "user.email",
      "referrals.referred_id",
      "referrals.created_at as joinedAt",
      "referrals.bonus_status",
      "referrals.referrer_paid",
    ])
    .where("referrals.referrer_id", "=", userId)
    .orderBy("referrals.created_at", "desc")
    .orderBy("referrals.id", "desc")
    .limit(REFERRED_FRIENDS_LIMIT)
    .execute();

  const earned = await ownEarningsOf(
    db,
    rows.filter((r) => r.bonus_status === "clearing").map((r) => r.referred_id),
  );
  return {
    code: profile.referral_code,
    link: referralLink(origin, profile.referral_code),
    friends: rows.map((r) => ({
      email: maskEmail(r.email),
      joinedAt: new Date(r.joinedAt).toISOString(),
      bonus: referralBonusStatus(r.bonus_status, r.referrer_paid),
      progress: r.bonus_status === "clearing" ? (earned.get(r.referred_id) ?? { coins: 0, days: 0 }) : null,
    })),
    release,
  };
}

/**
 * An account being deleted (docs/product.md, "Deleting the account"), inside the deletion's transaction: every
 * referral it is part of — as the friend or as the referrer — that has not been paid yet (waiting for a first
 * earning, clearing, or held for review) is declined, and a clearing pair's pending coins are taken back, so no
 * bonus is ever paid to or because of an account that no longer exists. Returns how many were declined.
 */
export async function declineUnpaidReferralsOf(tx: Transaction<DB>, userId: string): Promise<number> {
  const open = await tx
    .selectFrom("referrals")
    .select(["referred_id", "referrer_id", "bonus_status", "referrer_paid"])
    .where((eb) => eb.or([eb("referred_id", "=", userId), eb("referrer_id", "=", userId)]))
    .where("bonus_status", "in", ["pending", "clearing", "held"])
    .orderBy("referred_id")
    .forUpdate()
    .execute();
  for (const r of open) {
    if (r.bonus_status === "clearing")
      await dropPendingPair(tx, {
        friendId: r.referred_id,
        referrerId: r.referrer_id,
        payReferrer: r.referrer_paid,
      });
    await tx
      .updateTable("referrals")
      .set({ bonus_status: "declined" })
      .where("referred_id", "=", r.referred_id)
      .execute();
  }
  return open.length;
}
