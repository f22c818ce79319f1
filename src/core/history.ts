/**
 * The coin history's lines (docs/product.md "Wallet"): the server groups the ledger's rows into lines and pages
 * over lines; the wallet and the dashboard show the lines as they come.
 */

/** The kind of a line that stands for a quiz session's rows (its right answers and its completion bonus). */
export const QUIZ_SESSION_LINE = "quiz_session";

/**
 * The words of a quiz session's line: 'Science Facts: 5 correct +50, completion +10' (no bonus part before the
 * bonus is paid).
 */
export function quizSessionReason(
  quizName: string,
  correct: { count: number; coins: number },
  bonus: number,
) {
  const parts = [`${correct.count} correct +${correct.coins}`];
  if (bonus > 0) parts.push(`completion +${bonus}`);
  return `${quizName}: ${parts.join(", ")}`;
}
