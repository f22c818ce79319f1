import type { LedgerEntry } from "~/core/api/account";

/** One line of the wallet's history: a ledger row, or a quiz session's rows as one entry. */
export interface TransactionLine {
  /** The newest row's id. */
  id: number;
  reason: string;
  amount: number;
  /** The newest row's time. */
  createdAt: string;
}

/**
 * The wallet's lines from the ledger's rows (newest first): the rows of one quiz session — its right answers and
 * its completion bonus — become one line at the place of its newest row, 'Science Facts: 5 correct +50,
 * completion +10'; every other row is a line of its own.
 */
export function groupTransactions(entries: readonly LedgerEntry[]): TransactionLine[] {
  const lines: TransactionLine[] = [];
  const sessions = new Map<string, { line: TransactionLine; name: string; correct: number; bonus: number }>();
  for (const entry of entries) {
    const session = entry.quizSession;
    if (!session) {
      lines.push({ id: entry.id, reason: entry.reason, amount: entry.amount, createdAt: entry.createdAt });
      continue;
    }
    let group = sessions.get(session.id);
    if (!group) {
      group = {
        line: { id: entry.id, reason: "", amount: 0, createdAt: entry.createdAt },
        name: session.quizName,
        correct: 0,
        bonus: 0,
      };
      sessions.set(session.id, group);
      lines.push(group.line);
    }
    group.line.amount += entry.amount;
    if (entry.kind === "quiz_bonus") group.bonus += entry.amount;
    else group.correct += 1;
  }
  for (const { line, name, correct, bonus } of sessions.values()) {
    const parts = [`${correct} correct +${line.amount - bonus}`];
    if (bonus > 0) parts.push(`completion +${bonus}`);
    line.reason = `${name}: ${parts.join(", ")}`;
  }
  return lines;
}
