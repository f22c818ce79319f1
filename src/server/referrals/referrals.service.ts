import type { Kysely, Transaction } from "kysely";
import { maskEmail, REFERRAL_BONUS_COINS } from "~/core/coins";
import { DEFAULT_EARNING_LIMITS, REFERRAL_LIMIT_WINDOW_MS } from "~/core/earning";
import { normalizeReferralCode, type ReferralOutcome } from "~/core/referral-code";
import {
  REFERRED_FRIENDS_LIMIT,
  type ReferralBonusStatus,
  type ReferralsView,
  referralLink,
} from "~/core/referrals";
import type { Database } from "../db/client";
import type { DB, ReferralBonusState } from "../db/schema";
import { lockProfiles, payReferralPair, REFERRER_BONUS_LIMIT_KEY } from "../ledger/referral-pair";
import { withRetryableTransaction } from "../ledger/transaction";
import { looksLikeSamePerson } from "./same-person";

/**
 * The referral rules (docs/product.md, "Referral program"): the referral recorded at sign-up and what the
 * sign-up reports, when the bonus pair is paid or held for review (same person), the referrer's 30-day limit,
 * the administrator's decision on a held pair, and the status the referral page shows. The pair's coins are
 * written only by the ledger (src/server/ledger/referral-pair.ts, called from here); the ledger's award()
 * calls settleReferralAtFirstEarning inside the friend's first earning. The review queue's routes and audited
 * decisions are in referrals.admin.*.
 */

type Executor = Kysely<DB> | Transaction<DB>;

/** The user whose referral code this is (any case, spaces ignored), or undefined. */
export async function findReferrerId(db: Executor, code: string | null | undefined) {
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
  db: Executor,
  code: string | null | undefined,
): Promise<ReferralOutcome> {
  return outcomeOf(code, await findReferrerId(db, code));
}

/** The referrer a new user's sign-up `code` names (never the user), and what the sign-up reports. */
export async function referralAtSignUp(
  trx: Executor,
  userId: string,
  code: string | null | undefined,
): Promise<{ referrerId: string | null; outcome: ReferralOutcome }> {
  const found = await findReferrerId(trx, code);
  const referrerId = found && found !== userId ? found : null;
  return { referrerId, outcome: outcomeOf(code, referrerId) };
}

/** Records the referral once (one referrals row per friend), in the sign-up's own transaction. */
export async function recordReferral(trx: Executor, referrerId: string, referredId: string): Promise<void> {
  await trx
    .insertInto("referrals")
    .values({ referrer_id: referrerId, referred_id: referredId })
    .onConflict((oc) => oc.column("referred_id").doNothing())
    .execute();
}

/** True while the referrer has received fewer than `limit` referrer bonuses in the last 30 days. */
async function referrerWithinLimit(tx: Executor, referrerId: string, limit: number): Promise<boolean> {
  const since = new Date(Date.now() - REFERRAL_LIMIT_WINDOW_MS);
  const recent = await tx
    .selectFrom("coin_ledger")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", referrerId)
    .where("limit_key", "=", REFERRER_BONUS_LIMIT_KEY)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(recent.n) < limit;
}

/** Pays the pair through the ledger: the friend's half, the referrer's while within `referrerLimit`. */
async function payPair(tx: Executor, friendId: string, referrerId: string, referrerLimit: number) {
  const payReferrer = await referrerWithinLimit(tx, referrerId, referrerLimit);
  return payReferralPair(tx, { friendId, referrerId, payReferrer });
}

/**
 * Settles the referral bonus of `userId` (referred by `referrerId`) at the user's first earning, inside that
 * earning's transaction: under a lock on the referral row, a pending referral becomes paid (the pair, the
 * referrer's half subject to the 30-day limit) or — when the pair looks like one person (same-person.ts: the
 * same mailbox, browser or address) — held for review with nothing paid. Returns the coins paid to `userId`.
 */
export async function settleReferralAtFirstEarning(
  tx: Executor,
  userId: string,
  referrerId: string,
  referrerLimit: number,
): Promise<number> {
  const referral = await tx
    .selectFrom("referrals")
    .select("bonus_status")
    .where("referred_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (referral && referral.bonus_status !== "pending") return 0;
  if (referral && (await looksLikeSamePerson(tx, userId, referrerId))) {
    await tx
      .updateTable("referrals")
      .set({ bonus_status: "held" })
      .where("referred_id", "=", userId)
      .execute();
    return 0;
  }
  await lockProfiles(tx, [referrerId]);
  const paid = await payPair(tx, userId, referrerId, referrerLimit);
  await tx
    .updateTable("referrals")
    .set({ bonus_status: "paid", referrer_paid: paid.referrerPaid })
    .where("referred_id", "=", userId)
    .execute();
  return paid.friend;
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
    referralBonusesPer30Days?: number | undefined;
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
      const limit = input.referralBonusesPer30Days ?? DEFAULT_EARNING_LIMITS.referralBonusesPer30Days;
      paid = await payPair(tx, input.referredId, referral.referrer_id, limit);
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

/** What the referrer sees of a referral's stored state. */
function statusFor(state: ReferralBonusState, referrerPaid: boolean): ReferralBonusStatus {
  if (state === "paid" || state === "released") return referrerPaid ? "paid" : "limit";
  return state;
}

/**
 * The referral page of `userId`: code, link (on `origin`, the public APP_URL) and the friends who signed up
 * with the code, newest first, each with the state of the bonus pair (settled at the friend's first earning
 * by settleReferralAtFirstEarning, under a lock on the referral row).
 */
export async function getReferrals(db: Database, userId: string, origin: string): Promise<ReferralsView> {
  const profile = await db
    .selectFrom("user_profiles")
    .select("referral_code")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!profile) return { code: null, link: null, friends: [] };

  const rows = await db
    .selectFrom("referrals")
    .innerJoin("user", "user.id", "referrals.referred_id")
    .select([
      "user.email",
      "referrals.created_at as joinedAt",
      "referrals.bonus_status",
      "referrals.referrer_paid",
    ])
    .where("referrals.referrer_id", "=", userId)
    .orderBy("referrals.created_at", "desc")
    .orderBy("referrals.id", "desc")
    .limit(REFERRED_FRIENDS_LIMIT)
    .execute();

  return {
    code: profile.referral_code,
    link: referralLink(origin, profile.referral_code),
    friends: rows.map((r) => ({
      email: maskEmail(r.email),
      joinedAt: new Date(r.joinedAt).toISOString(),
      bonus: statusFor(r.bonus_status, r.referrer_paid),
    })),
  };
}
