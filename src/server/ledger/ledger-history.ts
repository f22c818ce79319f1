import { sql } from "kysely";
import type { HistoryLine, LedgerEntry, TransactionsPage } from "~/core/api/account";
import { QUIZ_SESSION_LINE, quizSessionReason } from "~/core/history";
import type { Database } from "../db/client";
import { cursorPage } from "../db/cursor-page";

/**
 * The ledger's history, read-only. The player's history is a list of lines, grouped here (docs/product.md
 * "Wallet"): the rows of one group (`coin_ledger.group_key`, migration 0200: a quiz session's right answers and
 * completion bonus) are one line with the sum of all its rows; every other row is a line of its own. A line's
 * place is its first row (which never moves once written), so a page is "the lines whose first row is older than
 * the cursor", a keyset over the first rows' ids: a line is on exactly one page, whole, however many rows are
 * written meanwhile (newer lines go on top; a group still being paid keeps its place and shows its sum so far).
 * Each page reads about as many rows as it shows (ADR 068): the user's rows newest first from the cursor on, a
 * grouped row kept when no older row of its group exists (one index probe), and one index range per group for
 * its sum.
 */

export interface PageRequest {
  limit: number;
  /** The cursor: the `id` of the previous page's last entry. */
  before?: number | undefined;
}

interface LineRow {
  id: string | number;
  kind: string;
  reason: string;
  amount: number;
  created_at: Date | string;
  group_key: string | null;
  rows: number | null;
  total: number | null;
  correct: number | null;
  bonus: number | null;
  quiz_name: string | null;
}

function toLine(r: LineRow): HistoryLine {
  const line = { id: Number(r.id), createdAt: new Date(r.created_at).toISOString() };
  if (r.group_key === null) return { ...line, kind: r.kind, reason: r.reason, amount: r.amount, rows: 1 };
  const total = r.total ?? 0;
  const bonus = r.bonus ?? 0;
  return {
    ...line,
    kind: QUIZ_SESSION_LINE,
    // The name the round was played under (its quiz's current name for rounds older than that record) while the
    // session is stored; "Quiz" stands in after that.
    reason: quizSessionReason(r.quiz_name ?? "Quiz", { count: r.correct ?? 0, coins: total - bonus }, bonus),
    amount: total,
    rows: r.rows ?? 1,
  };
}

/** The statement of one page of lines (`limit + 1` of them: the last only tells that more exist). */
export function historyPageQuery(userId: string, page: PageRequest) {
  const before = page.before === undefined ? sql`` : sql`and l.id < ${page.before}`;
  return sql<LineRow>`
    with firsts as (
      select l.id, l.user_id, l.kind, l.reason, l.amount, l.created_at, l.group_key
      from coin_ledger l
      where l.user_id = ${userId} ${before}
        and (l.group_key is null or not exists (
          select 1 from coin_ledger o
          where o.user_id = l.user_id and o.group_key = l.group_key and o.id < l.id))
      order by l.id desc
      limit ${page.limit + 1})
    select f.id, f.kind, f.reason, f.amount, f.created_at, f.group_key,
      g.rows, g.total, g.correct, g.bonus, coalesce(s.quiz_name, q.name) as quiz_name
    from firsts f
    left join lateral (
      select count(*)::integer as rows, sum(m.amount)::integer as total,
        (count(*) filter (where m.kind = 'quiz_correct'))::integer as correct,
        coalesce(sum(m.amount) filter (where m.kind = 'quiz_bonus'), 0)::integer as bonus
      from coin_ledger m
      where m.user_id = f.user_id and m.group_key = f.group_key) g on f.group_key is not null
    left join quiz_sessions s
      on s.id = case when f.group_key like 'quiz:%' then cast(substr(f.group_key, 6) as uuid) end
    left join quizzes q on q.id = s.quiz_id
    order by f.id desc`;
}

/** The user's history, newest first, a page of lines at a time (GET /api/ledger/transactions). */
export async function listHistory(
  db: Database,
  userId: string,
  page: PageRequest,
): Promise<TransactionsPage> {
  const { rows } = await historyPageQuery(userId, page).execute(db);
  return cursorPage(rows, page.limit, toLine);
}

/** The user's ledger rows, newest first, one by one (the operators' console). */
export async function listEntries(
  db: Database,
  userId: string,
  page: PageRequest,
): Promise<{ entries: LedgerEntry[]; nextCursor: number | null }> {
  const rows = await db
    .selectFrom("coin_ledger")
    .select(["id", "kind", "reason", "amount", "created_at"])
    .where("user_id", "=", userId)
    .$if(page.before !== undefined, (q) => q.where("id", "<", page.before!))
    .orderBy("id", "desc")
    .limit(page.limit + 1)
    .execute();
  return cursorPage(rows, page.limit, (r) => ({
    id: Number(r.id),
    kind: r.kind,
    reason: r.reason,
    amount: r.amount,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
