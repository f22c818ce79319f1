import { LEDGER_CSV_COLUMNS } from "~/core/account";
import type { Database } from "../db/client";
import { pages } from "./export-stream";

const iso = (d: Date | string) => new Date(d).toISOString();

/** The ledger of `userId` a page at a time, oldest first, up to `maxId` (the balance's snapshot). */
export function ledgerPages(db: Database, userId: string, maxId: number) {
  return pages(
    (after: number | null, limit) =>
      db
        .selectFrom("coin_ledger")
        .select(["id", "created_at", "kind", "reason", "amount"])
        .where("user_id", "=", userId)
        .where("id", "<=", maxId)
        .$if(after !== null, (q) => q.where("id", ">", after!))
        .orderBy("id")
        .limit(limit)
        .execute(),
    (r) => Number(r.id),
  );
}

/** The balance and the newest ledger row id, read in one statement (so the ledger up to it sums to the balance). */
export async function balanceSnapshot(db: Database, userId: string) {
  const row = await db
    .selectFrom("user_profiles")
    .select((eb) => [
      "points",
      eb
        .selectFrom("coin_ledger")
        .select((e) => e.fn.max("id").as("m"))
        .where("user_id", "=", userId)
        .as("maxId"),
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  return { balance: row?.points ?? 0, maxId: Number(row?.maxId ?? 0) };
}

/** One CSV cell: quoted when needed, and text that a spreadsheet would run as a formula is prefixed with '. */
function cell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The ledger of `userId` as CSV chunks, oldest first, with the running balance. */
export async function* exportLedgerCsv(db: Database, userId: string): AsyncGenerator<string> {
  const { maxId } = await balanceSnapshot(db, userId);
  yield `${LEDGER_CSV_COLUMNS.join(",")}\r\n`;
  let balance = 0;
  for await (const rows of ledgerPages(db, userId, maxId)) {
    yield rows
      .map((r) => {
        balance += r.amount;
        return `${[Number(r.id), iso(r.created_at)!, r.kind, r.reason, r.amount, balance].map(cell).join(",")}\r\n`;
      })
      .join("");
  }
}
