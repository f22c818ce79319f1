import { z } from "zod";

/**
 * The business in numbers per earning partner (docs/product.md, "Earning partners"): per UTC day, the postbacks
 * recorded, the credits and reversals among them, the coins issued (credited − reversed), the dollars earned
 * (payouts credited − payouts reversed) and the margin (dollars earned − the coins' dollar value, 1000 coins =
 * $5). Money is in micro-dollars (whole millionths), as the postbacks' payouts are.
 */

/** A coin's dollar value in micro-dollars: 1000 coins = $5. */
export const COIN_MICROS = 5_000;

export interface PartnerDaySums {
  postbacks: number;
  credits: number;
  reversals: number;
  coinsCredited: number;
  coinsReversed: number;
  payoutCreditedMicros: number;
  payoutReversedMicros: number;
}

const figures = {
  postbacks: z.number().int(),
  credits: z.number().int(),
  reversals: z.number().int(),
  /** Coins credited − coins reversed. */
  coinsIssued: z.number().int(),
  /** Payouts credited − payouts reversed, micro-dollars. */
  dollarsEarnedMicros: z.number().int(),
  /** Dollars earned − coins issued × $0.005, micro-dollars. */
  marginMicros: z.number().int(),
};
export const partnerFiguresSchema = z.object(figures);
export type PartnerFigures = z.infer<typeof partnerFiguresSchema>;

/** A day's (or a range's) sums as the figures the console shows. */
export function partnerFigures(s: PartnerDaySums): PartnerFigures {
  const coinsIssued = s.coinsCredited - s.coinsReversed;
  const dollarsEarnedMicros = s.payoutCreditedMicros - s.payoutReversedMicros;
  return {
    postbacks: s.postbacks,
    credits: s.credits,
    reversals: s.reversals,
    coinsIssued,
    dollarsEarnedMicros,
    marginMicros: dollarsEarnedMicros - coinsIssued * COIN_MICROS,
  };
}

/** Micro-dollars as dollars with `digits` decimals, rounded half away from zero: −1 234 567 → "-1.23". */
export function formatMicroDollars(micros: number, digits: 2 | 6 = 2): string {
  const unit = 10 ** (6 - digits);
  const units = Math.round(Math.abs(micros) / unit);
  const sign = micros < 0 && units > 0 ? "-" : "";
  const scale = 10 ** digits;
  return `${sign}${Math.floor(units / scale)}.${String(units % scale).padStart(digits, "0")}`;
}

export const partnerNumbersSchema = z.object({
  /** The first and last UTC day of the range (YYYY-MM-DD), today last. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the range, oldest first, all partners together. */
  days: z.array(z.object({ day: z.iso.date(), ...figures })),
  /** Each partner with a postback in the range, its figures over the range. */
  partners: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string(), ...figures })),
});
export type PartnerNumbers = z.infer<typeof partnerNumbersSchema>;

/** GET /api/admin/partners/{id}/statement.csv?month=YYYY-MM */
export const statementQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be YYYY-MM, e.g. 2026-11")
    .refine((m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2200, "month is out of range")
    .meta({ examples: ["2026-11", "2200-12"] }),
});

/** The statement's columns, one line per UTC day of the month and a total line. */
export const statementColumns = [
  "day",
  "postbacks",
  "credits",
  "reversals",
  "coins_credited",
  "coins_reversed",
  "coins_issued",
  "payout_credited_usd",
  "payout_reversed_usd",
  "dollars_earned_usd",
  "coins_value_usd",
  "margin_usd",
] as const;

/** One statement line: the day (or "total") and the sums, money with 6 decimals as the payouts carry. */
export function statementLine(label: string, s: PartnerDaySums): string {
  const f = partnerFigures(s);
  const usd = (m: number) => formatMicroDollars(m, 6);
  return [
    label,
    s.postbacks,
    s.credits,
    s.reversals,
    s.coinsCredited,
    s.coinsReversed,
    f.coinsIssued,
    usd(s.payoutCreditedMicros),
    usd(s.payoutReversedMicros),
    usd(f.dollarsEarnedMicros),
    usd(f.coinsIssued * COIN_MICROS),
    usd(f.marginMicros),
  ].join(",");
}
