import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type Selectable, sql, type Transaction } from "kysely";
import { type Digest, type Postback, partnerCoins, readPostback, schemes } from "~/core/partners";
import type { AppDeps } from "../app-deps";
import type { DB } from "../db/schema";
import type { PartnerTable } from "../db/schema-partners";
import { AppError } from "../errors";
import { partnerCauseKeys } from "../ledger/cause-keys";
import { payPartnerCredit, recordPartnerPending } from "../ledger/partner-coins";
import { withRetryableTransaction } from "../ledger/transaction";
import { countPostback, type PostbackOutcome } from "../metrics/registry";
import { type PartnerPostbackFigures, recordPartnerPostback } from "../rollups/partner-days.service";
import { openSecret } from "./partner-secrets";
import { reverse } from "./postback-reversal";

/**
 * An earning partner's postback (docs/product.md, "Earning partners"): who sent it (an enabled partner, from an
 * allowed address, signed with its secret — or the one before a rotation, within its grace), what it says (its
 * scheme's parameters), and what it records: a credit pending until the partner's hold days have passed (paid at
 * once with a hold of 0), or a reversal of one. Recorded once per partner and transaction id: a copy, or ten at
 * once, records nothing more; the same id with another player or amount is refused and flagged.
 */
type Deps = Pick<AppDeps, "db" | "env" | "logger" | "mailOutbox">;

export interface PostbackRequest {
  slug: string;
  params: ReadonlyMap<string, string>;
  header: (name: string) => string | undefined;
  sourceIp: string;
  now?: Date;
}

type PartnerRow = Pick<
  Selectable<PartnerTable>,
  | "slug"
  | "name"
  | "scheme"
  | "secret_box"
  | "previous_secret_box"
  | "previous_secret_until"
  | "coins_per_dollar"
  | "hold_days"
  | "allowed_sources"
  | "daily_cap_coins"
> & { id: string };

const DAY_MS = 86_400_000;

/** A digest as lowercase hex (the signature a scheme expects; the partner simulator signs with it too). */
export function hexOf(d: Digest): string {
  if (d.kind === "hmac-sha256") return createHmac("sha256", d.key).update(d.text, "utf8").digest("hex");
  return createHash(d.kind).update(d.text, "utf8").digest("hex");
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/** Whether the request carries the signature of the partner's secret, or of the one before, within its grace. */
function signedBy(authSecret: string, p: PartnerRow, req: PostbackRequest, now: Date): boolean {
  const def = schemes[p.scheme];
  const where = def.signatureIn;
  const given = ("param" in where ? req.params.get(where.param) : req.header(where.header))?.toLowerCase();
  if (!given) return false;
  // The signature is never part of what it signs.
  const signed = new Map(req.params);
  if ("param" in where) signed.delete(where.param);
  const boxes = [p.secret_box];
  if (p.previous_secret_box && p.previous_secret_until && p.previous_secret_until > now)
    boxes.push(p.previous_secret_box);
  return boxes.some((box) => {
    const secret = openSecret(authSecret, box);
    return secret !== null && sameHex(hexOf(def.digest(signed, secret)), given);
  });
}

function refuse(deps: Deps, req: PostbackRequest, partner: string, outcome: PostbackOutcome): never {
  countPostback(partner, outcome);
  deps.logger.warn({ partner, outcome, source: req.sourceIp }, `partner postback refused: ${outcome}`);
  if (outcome === "malformed") throw new AppError("POSTBACK_MALFORMED");
  if (outcome === "unknown_player") throw new AppError("POSTBACK_UNKNOWN_PLAYER");
  throw new AppError("POSTBACK_REFUSED");
}

/** Receives one postback: the body of its 200 answer, or an AppError (403, 400, 409). */
export async function receivePostback(deps: Deps, req: PostbackRequest): Promise<string> {
  const now = req.now ?? new Date();
  const p = await deps.db
    .selectFrom("partners")
    .select([
      "id",
      "slug",
      "name",
      "scheme",
      "secret_box",
      "previous_secret_box",
      "previous_secret_until",
      "coins_per_dollar",
      "hold_days",
      "allowed_sources",
      "daily_cap_coins",
    ])
    .where("slug", "=", req.slug)
    .where("enabled", "=", true)
    .executeTakeFirst();
  if (!p) return refuse(deps, req, "unknown", "unknown_partner");
  if (p.allowed_sources.length > 0 && !p.allowed_sources.includes(req.sourceIp))
    return refuse(deps, req, p.slug, "bad_source");
  if (!deps.env.authSecret || !signedBy(deps.env.authSecret, p, req, now))
    return refuse(deps, req, p.slug, "bad_signature");
  const read = readPostback(p.scheme, req.params);
  if ("malformed" in read) return refuse(deps, req, p.slug, "malformed");
  const player = await deps.db
    .selectFrom("partner_player_ids")
    .select("user_id")
    .where("partner_user_id", "=", read.postback.partnerUserId)
    .executeTakeFirst();
  if (!player) return refuse(deps, req, p.slug, "unknown_player");
  const outcome = await withRetryableTransaction(deps.db, async (trx) => {
    const done = read.postback.reversal
      ? await reverse(deps, trx, p, player.user_id, read.postback, now)
      : await credit(trx, p, player.user_id, read.postback, now);
    await countInRollups(trx, p, read.postback, done, now);
    return done;
  });
  countPostback(p.slug, outcome);
  if (outcome === "conflict") {
    deps.logger.warn(
      { partner: p.slug, transaction: read.postback.transactionId },
      "partner postback conflict",
    );
    throw new AppError("POSTBACK_CONFLICT");
  }
  if (outcome === "nothing_to_reverse")
    deps.logger.warn(
      { partner: p.slug, transaction: read.postback.transactionId },
      "reversal with nothing to take back (no credit, or a declined one)",
    );
  return schemes[p.scheme].okBody;
}

/**
 * Adds the postback to its partner's day (rollups/partner-days.service.ts), in its transaction: a credit with its
 * coins and payout, a reversal with what its credit had recorded (a held credit's: nothing, its coins were never
 * counted; a released one's were, when an administrator released it), anything else as a postback only.
 */
async function countInRollups(
  trx: Transaction<DB>,
  p: PartnerRow,
  pb: Postback,
  outcome: PostbackOutcome,
  now: Date,
): Promise<void> {
  const figures: PartnerPostbackFigures = { partnerId: p.id, at: now };
  if (outcome === "credited")
    figures.credited = { coins: partnerCoins(pb, p.coins_per_dollar), payoutMicros: pb.payoutMicros };
  if (outcome === "reversed") {
    const c = await trx
      .selectFrom("partner_credits")
      .select(["coins", "payout_micros", "held_reason", "decided_at"])
      .where("partner_id", "=", p.id)
      .where("transaction_id", "=", pb.transactionId)
      .executeTakeFirstOrThrow();
    // A credit held and never released was never counted as credited: its reversal takes nothing off the day.
    const counted = c.held_reason === null || c.decided_at !== null;
    if (counted) figures.reversed = { coins: c.coins, payoutMicros: Number(c.payout_micros) };
  }
  await recordPartnerPostback(trx, figures);
}

const reasonOf = (p: PartnerRow) => `Offer completed on ${p.name}`;

async function credit(
  trx: Transaction<DB>,
  p: PartnerRow,
  userId: string,
  pb: Postback,
  now: Date,
): Promise<PostbackOutcome> {
  const coins = partnerCoins(pb, p.coins_per_dollar);
  const heldReason = await overCap(trx, p, userId, coins, now);
  const paidNow = p.hold_days === 0 && !heldReason;
  const inserted = await trx
    .insertInto("partner_credits")
    .values({
      partner_id: p.id,
      transaction_id: pb.transactionId,
      user_id: userId,
      coins,
      payout_micros: pb.payoutMicros,
      state: heldReason ? "held" : paidNow ? "available" : "pending",
      held_reason: heldReason,
      release_at: new Date(now.getTime() + p.hold_days * DAY_MS),
    })
    .onConflict((oc) => oc.columns(["partner_id", "transaction_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return replayOf(trx, p, userId, pb, coins);
  if (heldReason) return "held";
  if (!paidNow) {
    await recordPartnerPending(trx, userId, coins);
    return "credited";
  }
  const keys = partnerCauseKeys(p.id, pb.transactionId);
  await payPartnerCredit(trx, { userId, coins, causeKey: keys.credit, reason: reasonOf(p) }, false);
  await trx.updateTable("partner_credits").set({ released_at: now }).where("id", "=", inserted.id).execute();
  return "credited";
}

/** A credit's id seen before: the same player and amounts answer as recorded; anything else is flagged. */
async function replayOf(
  trx: Transaction<DB>,
  p: PartnerRow,
  userId: string,
  pb: Postback,
  coins: number,
): Promise<PostbackOutcome> {
  const seen = await trx
    .selectFrom("partner_credits")
    .select(["id", "user_id", "coins", "payout_micros"])
    .where("partner_id", "=", p.id)
    .where("transaction_id", "=", pb.transactionId)
    .executeTakeFirstOrThrow();
  if (seen.user_id === userId && seen.coins === coins && Number(seen.payout_micros) === pb.payoutMicros)
    return "duplicate";
  await trx
    .updateTable("partner_credits")
    .set((eb) => ({ conflicts: eb("conflicts", "+", 1) }))
    .where("id", "=", seen.id)
    .execute();
  return "conflict";
}

/**
 * Why a credit of `coins` is held rather than paid: the player's credits from this partner today (UTC, held and
 * reversed ones aside) would pass its daily cap per player. Null when within it (or the partner has no cap). The
 * player's credits from one partner are decided one at a time (an advisory lock until the transaction ends), so
 * ten at once cannot all slip under the cap.
 */
async function overCap(
  trx: Transaction<DB>,
  p: PartnerRow,
  userId: string,
  coins: number,
  now: Date,
): Promise<string | null> {
  const cap = p.daily_cap_coins;
  if (cap === null) return null;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`partner-cap:${p.id}:${userId}`}, 0))`.execute(
    trx,
  );
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const row = await trx
    .selectFrom("partner_credits")
    .select(sql<string>`coalesce(sum(coins), 0)`.as("coins"))
    .where("user_id", "=", userId)
    .where("partner_id", "=", p.id)
    .where("created_at", ">=", dayStart)
    .where("state", "in", ["pending", "available"])
    .executeTakeFirstOrThrow();
  const today = Number(row.coins);
  if (today + coins <= cap) return null;
  return `Over ${p.name}'s daily cap of ${cap} coins per player: ${today} coins credited today, this one ${coins}`;
}
