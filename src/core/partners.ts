/**
 * Earning partners (docs/product.md, "Earning partners"): the postback's signature schemes and the coins a
 * postback is worth. Pure functions over the request's parameters; the server verifies, the simulator signs.
 */

/** The signature schemes a partner may use: ours by default, and two real walls' (docs/decisions/091). */
export const partnerSchemes = ["default", "ayet", "wannads"] as const;
export type PartnerScheme = (typeof partnerSchemes)[number];

/** How long an old secret still verifies postbacks after a rotation is approved. */
export const SECRET_GRACE_HOURS = 24;

/** Longest transaction id a partner may send (its cause key holds it). */
export const MAX_TRANSACTION_ID = 100;

/** Largest single partner credit, in coins (a bigger one is malformed: no offer pays $500). */
export const MAX_PARTNER_COINS = 100_000;

/** The hash functions a scheme may use; each is computed by the caller (node:crypto on the server). */
export type Digest =
  | { kind: "hmac-sha256"; key: string; text: string }
  | { kind: "md5" | "sha1" | "sha256"; text: string };

/** What a postback says, whatever the scheme called its parameters. */
export interface Postback {
  /** The player's opaque partner id. */
  partnerUserId: string;
  /** The partner's id of the transaction, without a reversal's `r-`. */
  transactionId: string;
  /** The partner's reward in our coins (a whole number ≥ 0). */
  reward: number;
  /** What the partner pays the operator for it, in millionths of a dollar. */
  payoutMicros: number;
  reversal: boolean;
}

export interface SchemeDef {
  /** Parameter names of the user, transaction, reward, payout and status; null where the scheme has none. */
  params: { user: string; transaction: string; reward: string; payout: string; status: string | null };
  /** Where the signature comes from: a parameter, or a request header. */
  signatureIn: { param: string } | { header: string };
  /** The body of a recorded postback's 200 answer. */
  okBody: string;
  /** The digest the signature must equal (lowercase hex), given every request parameter and the secret. */
  digest(all: ReadonlyMap<string, string>, secret: string): Digest;
}

const get = (all: ReadonlyMap<string, string>, name: string) => all.get(name) ?? "";

/** PHP's urlencode (what http_build_query uses): RFC 1738, spaces as `+`, `~` encoded. */
const phpUrlEncode = (s: string) =>
  encodeURIComponent(s)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");

/** ayeT's string to sign: every parameter sorted by name, as PHP's ksort + http_build_query writes them. */
export const ayetSignedText = (all: ReadonlyMap<string, string>) =>
  [...all.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${phpUrlEncode(k)}=${phpUrlEncode(v)}`)
    .join("&");

export const schemes: Record<PartnerScheme, SchemeDef> = {
  // HMAC-SHA256(secret, "{transaction_id}:{user_id}:{reward}:{status}"), lowercase hex, in `signature`.
  default: {
    params: {
      user: "user_id",
      transaction: "transaction_id",
      reward: "reward",
      payout: "payout",
      status: "status",
    },
    signatureIn: { param: "signature" },
    okBody: "OK",
    digest: (all, secret) => ({
      kind: "hmac-sha256",
      key: secret,
      text: ["transaction_id", "user_id", "reward", "status"].map((n) => get(all, n)).join(":"),
    }),
  },
  // ayeT-Studios: HMAC-SHA256(api key, sorted query string) in the X-Ayetstudios-Security-Hash header; a
  // reversal's transaction id starts `r-` (is_chargeback=1).
  ayet: {
    params: {
      user: "external_identifier",
      transaction: "transaction_id",
      reward: "currency_amount",
      payout: "payout_usd",
      status: "is_chargeback",
    },
    signatureIn: { header: "x-ayetstudios-security-hash" },
    okBody: "1",
    digest: (all, secret) => ({ kind: "hmac-sha256", key: secret, text: ayetSignedText(all) }),
  },
  // Wannads: MD5(subId + transId + reward + secret) in `signature`; status 1 credits, 2 takes back.
  wannads: {
    params: { user: "subId", transaction: "transId", reward: "reward", payout: "payout", status: "status" },
    signatureIn: { param: "signature" },
    okBody: "OK",
    digest: (all, secret) => ({
      kind: "md5",
      text: `${get(all, "subId")}${get(all, "transId")}${get(all, "reward")}${secret}`,
    }),
  },
};

const DECIMAL = /^\d{1,9}(\.\d{1,6})?$/;

/** A decimal string as millionths (`1.5` → 1 500 000), or null when it is not a plain non-negative decimal. */
export function toMicros(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, "0"));
}

/** Whether the scheme's status says "take back": `2` (default, Wannads), `1` for ayeT's is_chargeback. */
function isReversalStatus(scheme: PartnerScheme, status: string): boolean | null {
  if (scheme === "ayet") return status === "" || status === "0" ? false : status === "1" ? true : null;
  return status === "1" ? false : status === "2" ? true : null;
}

/**
 * The postback the parameters describe, or the reason it is malformed. Amounts may be negative in a reversal
 * (some walls send −reward): their size counts. A transaction id beginning `r-` is a reversal too.
 */
export function readPostback(
  scheme: PartnerScheme,
  all: ReadonlyMap<string, string>,
): { postback: Postback } | { malformed: string } {
  const p = schemes[scheme].params;
  const user = get(all, p.user);
  const rawTransaction = get(all, p.transaction);
  if (!/^[\w.:-]{1,64}$/.test(user)) return { malformed: `${p.user} is missing or not an id` };
  if (!/^[\w.:-]{1,100}$/.test(rawTransaction))
    return { malformed: `${p.transaction} is missing or not an id` };
  const reward = toMicros(get(all, p.reward).replace(/^-/, ""));
  const payout = toMicros(get(all, p.payout).replace(/^-/, "") || "0");
  if (reward === null || reward % 1_000_000 !== 0 || reward / 1_000_000 > MAX_PARTNER_COINS)
    return { malformed: `${p.reward} is not a whole number of coins up to ${MAX_PARTNER_COINS}` };
  if (payout === null) return { malformed: `${p.payout} is not an amount of dollars` };
  const byStatus = p.status === null ? false : isReversalStatus(scheme, get(all, p.status));
  if (byStatus === null) return { malformed: `${p.status} is not a known status` };
  const prefixed = rawTransaction.startsWith("r-");
  const transactionId = prefixed ? rawTransaction.slice(2) : rawTransaction;
  if (!transactionId) return { malformed: `${p.transaction} is missing` };
  return {
    postback: {
      partnerUserId: user,
      transactionId,
      reward: reward / 1_000_000,
      payoutMicros: payout,
      reversal: byStatus || prefixed,
    },
  };
}

/**
 * The coins a credit pays: the partner's reward, or — when the partner is set to a rate — the payout's dollars
 * times coins per dollar, rounded down (the operator never pays more than the rate).
 */
export function partnerCoins(postback: Postback, coinsPerDollar: number | null): number {
  if (coinsPerDollar === null) return postback.reward;
  return Math.floor((postback.payoutMicros * coinsPerDollar) / 1_000_000);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A day as the pending lines write it, in UTC: '12 Dec'. */
export function dayAndMonth(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** A pending amount's line, its date in UTC: '+420 coins available on 12 Dec'. */
export function pendingLine(coins: number, availableOn: string): string {
  return `+${coins} coins available on ${dayAndMonth(availableOn)}`;
}

/**
 * The wallet's notice of a debt: coins a partner reversed after they were spent, repaid first by the next earnings;
 * a pending redemption is held for review meanwhile (docs/product.md, "Earning partners").
 */
export function debtNotice(debtCoins: number): string {
  return `A partner reversed an offer whose coins you had already spent: your next ${debtCoins} coins earned repay them first. If you have a redemption pending, it is held for review.`;
}
