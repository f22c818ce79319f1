import { sql } from "kysely";
import { type BusinessDay, type IssueChannel, issueChannels } from "~/core/api/stats";
import { issueChannelOf } from "~/core/issue-channels";
import { utcDay } from "~/core/utc-day";
import type { Database } from "../db/client";
import { catchUpRollups } from "./rollups.service";

/**
 * What the console reads of the daily figures (docs/product.md, "Rollups"): a few rows of the rollups, never a
 * scan of the ledger or the profiles. Each read first takes the ledger's events still waiting (catchUpRollups),
 * so it counts every committed row. The running figures (what is owed, breakage to date) are the sums of the
 * days: the rows before the range are summed once (one row per day and kind, a few thousand a decade).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

const num = (v: string | number | null | undefined) => Number(v ?? 0);

interface LedgerDayRow {
  day: string;
  kind: string;
  credit: string | number;
  debit: string | number;
}

const ledgerDays = (db: Database, from: string) =>
  db
    .selectFrom("rollup_ledger_days")
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "kind", "credit", "debit"])
    .where("day", ">=", from)
    .orderBy("day")
    .execute() as Promise<LedgerDayRow[]>;

/** The sums of every day before `day`: what was owed and forfeited at its start. */
async function totalsBefore(db: Database, day: string | null) {
  const [ledger, days] = await Promise.all([
    db
      .selectFrom("rollup_ledger_days")
      .select(sql<string>`coalesce(sum(credit - debit), 0)`.as("net"))
      .$if(day !== null, (q) => q.where("day", "<", day as string))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("rollup_days")
      .select([
        sql<string>`coalesce(sum(breakage), 0)`.as("breakage"),
        sql<string>`coalesce(sum(breakage_accounts), 0)`.as("accounts"),
        sql<string>`coalesce(sum(sign_ups), 0)`.as("signUps"),
      ])
      .$if(day !== null, (q) => q.where("day", "<", day as string))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    net: num(ledger.net),
    breakage: num(days.breakage),
    accounts: num(days.accounts),
    signUps: num(days.signUps),
  };
}

const zeroChannels = () =>
  Object.fromEntries(issueChannels.map((c) => [c, 0])) as Record<IssueChannel, number>;

/** The last `days` UTC days up to `now`'s, oldest first, one entry per day (zeros for a day with nothing). */
export async function readBusinessDays(db: Database, days: number, now = new Date()): Promise<BusinessDay[]> {
  await catchUpRollups(db);
  const from = addDays(utcDay(now), 1 - days);
  const [before, ledger, rows] = await Promise.all([
    totalsBefore(db, from),
    ledgerDays(db, from),
    db
      .selectFrom("rollup_days")
      .select([
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"),
        "approved",
        "paid_out",
        "breakage",
        "sign_ups",
        "active_earners",
      ])
      .where("day", ">=", from)
      .execute(),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  let owed = before.net - before.breakage;
  let breakageToDate = before.breakage;
  const out: BusinessDay[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(from, i);
    const issued = zeroChannels();
    let requested = 0;
    let refunded = 0;
    let net = 0;
    for (const r of ledger.filter((l) => l.day === day)) {
      const credit = num(r.credit);
      const debit = num(r.debit);
      net += credit - debit;
      const channel = issueChannelOf(r.kind);
      if (channel) issued[channel] += credit;
      if (r.kind === "redemption") requested += debit;
      if (r.kind === "redemption_refund") refunded += credit;
    }
    const d = byDay.get(day);
    const breakage = num(d?.breakage);
    owed += net - breakage;
    breakageToDate += breakage;
    out.push({
      day,
      issued,
      requested,
      approved: num(d?.approved),
      paidOut: num(d?.paid_out),
      refunded,
      breakage,
      liability: owed,
      breakageToDate,
      signUps: num(d?.sign_ups),
      activeEarners: num(d?.active_earners),
    });
  }
  return out;
}

/** The overview's figures: users (all, and signed up in the last 7 UTC days), coins issued per kind, the books. */
export async function readOverviewFigures(db: Database, now = new Date()) {
  await catchUpRollups(db);
  const today = utcDay(now);
  const weekFrom = addDays(today, -6);
  const [all, week, ledger] = await Promise.all([
    totalsBefore(db, null),
    db
      .selectFrom("rollup_days")
      .select(sql<string>`coalesce(sum(sign_ups), 0)`.as("signUps"))
      .where("day", ">=", weekFrom)
      .executeTakeFirstOrThrow(),
    ledgerDays(db, weekFrom),
  ]);
  const kinds = new Map<string, { kind: string; today: number; last7Days: number }>();
  for (const r of ledger) {
    const credit = num(r.credit);
    if (credit <= 0) continue;
    const k = kinds.get(r.kind) ?? { kind: r.kind, today: 0, last7Days: 0 };
    k.last7Days += credit;
    if (r.day === today) k.today += credit;
    kinds.set(r.kind, k);
  }
  return {
    users: { total: all.signUps, newLast7Days: num(week.signUps) },
    issued: [...kinds.values()].sort((a, b) => (a.kind < b.kind ? -1 : 1)),
    liability: all.net - all.breakage,
    breakage: { coins: all.breakage, accounts: all.accounts },
  };
}
