import { sql, type Transaction } from "kysely";
import {
  type PartnerDaySums,
  type PartnerNumbers,
  partnerFigures,
  statementColumns,
  statementLine,
} from "~/core/api/partner-numbers";
import { utcDay } from "~/core/utc-day";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";

/**
 * The business in numbers per earning partner (docs/product.md, "Earning partners"): `rollup_partner_days`, one
 * row per UTC day and partner, kept by each postback's own transaction (so a postback counts once, with what it
 * recorded, or not at all when it rolls back). The console reads a few rows: one per partner and day of a range.
 */

const DAY_MS = 86_400_000;

/** What one recorded postback adds to its partner's day: a credit's or a reversal's coins and payout, or nothing. */
export interface PartnerPostbackFigures {
  partnerId: string;
  at: Date;
  credited?: { coins: number; payoutMicros: number };
  reversed?: { coins: number; payoutMicros: number };
  /**
   * False for a credit counted later than its postback — a held credit an administrator released
   * (partners/held-credit-decisions.service.ts): its coins and payout join the day, its postback was counted when
   * it came.
   */
  isPostback?: boolean;
}

/** In the postback's transaction, once it has recorded what it says (a copy or a conflict is a postback too). */
export async function recordPartnerPostback(trx: Transaction<DB>, f: PartnerPostbackFigures): Promise<void> {
  const values = {
    postbacks: f.isPostback === false ? 0 : 1,
    credits: f.credited ? 1 : 0,
    reversals: f.reversed ? 1 : 0,
    coins_credited: f.credited?.coins ?? 0,
    coins_reversed: f.reversed?.coins ?? 0,
    payout_credited_micros: f.credited?.payoutMicros ?? 0,
    payout_reversed_micros: f.reversed?.payoutMicros ?? 0,
  };
  const add = (c: keyof typeof values) => sql`rollup_partner_days.${sql.ref(c)} + excluded.${sql.ref(c)}`;
  await trx
    .insertInto("rollup_partner_days")
    .values({ day: utcDay(f.at), partner_id: f.partnerId, ...values })
    .onConflict((oc) =>
      oc
        .columns(["day", "partner_id"])
        .doUpdateSet(Object.fromEntries(Object.keys(values).map((c) => [c, add(c as keyof typeof values)]))),
    )
    .execute();
}

const sums = {
  postbacks: sql<string>`sum(r.postbacks)`,
  credits: sql<string>`sum(r.credits)`,
  reversals: sql<string>`sum(r.reversals)`,
  coinsCredited: sql<string>`sum(r.coins_credited)`,
  coinsReversed: sql<string>`sum(r.coins_reversed)`,
  payoutCreditedMicros: sql<string>`sum(r.payout_credited_micros)`,
  payoutReversedMicros: sql<string>`sum(r.payout_reversed_micros)`,
};
const sumColumns = [
  sums.postbacks.as("postbacks"),
  sums.credits.as("credits"),
  sums.reversals.as("reversals"),
  sums.coinsCredited.as("coinsCredited"),
  sums.coinsReversed.as("coinsReversed"),
  sums.payoutCreditedMicros.as("payoutCreditedMicros"),
  sums.payoutReversedMicros.as("payoutReversedMicros"),
];

type SumRow = Record<keyof PartnerDaySums, string | number | null>;

const toSums = (r: SumRow | undefined): PartnerDaySums => ({
  postbacks: Number(r?.postbacks ?? 0),
  credits: Number(r?.credits ?? 0),
  reversals: Number(r?.reversals ?? 0),
  coinsCredited: Number(r?.coinsCredited ?? 0),
  coinsReversed: Number(r?.coinsReversed ?? 0),
  payoutCreditedMicros: Number(r?.payoutCreditedMicros ?? 0),
  payoutReversedMicros: Number(r?.payoutReversedMicros ?? 0),
});

const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** The last `days` UTC days up to `now`'s: every day (all partners), and each partner over the range. */
export async function readPartnerNumbers(
  db: Database,
  days: number,
  now = new Date(),
): Promise<PartnerNumbers> {
  const to = utcDay(now);
  const from = addDays(to, 1 - days);
  const inRange = db
    .selectFrom("rollup_partner_days as r")
    .where("r.day", ">=", from)
    .where("r.day", "<=", to);
  const [byDay, byPartner] = await Promise.all([
    inRange
      .select([sql<string>`to_char(r.day, 'YYYY-MM-DD')`.as("day"), ...sumColumns])
      .groupBy("r.day")
      .execute(),
    inRange
      .innerJoin("partners as p", "p.id", "r.partner_id")
      .select(["p.id", "p.slug", "p.name", ...sumColumns])
      .groupBy(["p.id", "p.slug", "p.name"])
      .orderBy("p.name")
      .execute(),
  ]);
  const dayMap = new Map(byDay.map((r) => [r.day, r]));
  return {
    from,
    to,
    days: Array.from({ length: days }, (_, i) => addDays(from, i)).map((day) => ({
      day,
      ...partnerFigures(toSums(dayMap.get(day))),
    })),
    partners: byPartner.map((r) => ({
      id: Number(r.id),
      slug: r.slug,
      name: r.name,
      ...partnerFigures(toSums(r)),
    })),
  };
}

/**
 * A partner's month as CSV, to reconcile with the partner's statement: a header, one line per UTC day of the
 * month (days without a postback included, as zeros) and a total line. At most 31 rows are read.
 */
export async function partnerStatementCsv(db: Database, partnerId: number, month: string): Promise<string> {
  const first = `${month}-01`;
  const next = utcDay(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)));
  const rows = await db
    .selectFrom("rollup_partner_days as r")
    .select([sql<string>`to_char(r.day, 'YYYY-MM-DD')`.as("day"), ...sumColumns])
    .where("r.partner_id", "=", String(partnerId))
    .where("r.day", ">=", first)
    .where("r.day", "<", next)
    .groupBy("r.day")
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, toSums(r)]));
  const lines = [statementColumns.join(",")];
  const total = toSums(undefined);
  for (let day = first; day < next; day = addDays(day, 1)) {
    const s = byDay.get(day) ?? toSums(undefined);
    for (const k of Object.keys(total) as (keyof PartnerDaySums)[]) total[k] += s[k];
    lines.push(statementLine(day, s));
  }
  lines.push(statementLine("total", total));
  return `${lines.join("\r\n")}\r\n`;
}
