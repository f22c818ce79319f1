import { describe, expect, it } from "vitest";
import type { LedgerEntry } from "~/core/api/account";
import { groupTransactions } from "./group-transactions";

let nextId = 100;
const at = "2026-11-27T10:00:00.000Z";
const row = (kind: string, amount: number, quizSession: LedgerEntry["quizSession"] = null): LedgerEntry => ({
  id: nextId--,
  kind,
  reason: kind,
  amount,
  createdAt: at,
  quizSession,
});
const science = { id: "s1", quizName: "Science Facts" };
const history = { id: "s2", quizName: "World History" };

describe("groupTransactions", () => {
  it("makes one entry of a quiz session's answers and completion bonus", () => {
    const lines = groupTransactions([
      row("quiz_bonus", 10, science),
      ...Array.from({ length: 5 }, () => row("quiz_correct", 10, science)),
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reason: "Science Facts: 5 correct +50, completion +10", amount: 60 });
  });

  it("leaves other rows alone and keeps the newest-first order by each group's newest row", () => {
    const lines = groupTransactions([
      row("ttt_win", 10),
      row("quiz_correct", 10, history),
      row("quiz_correct", 10, science),
      row("quiz_correct", 10, history),
      row("redemption", -1000),
    ]);
    expect(lines.map((l) => [l.reason, l.amount])).toEqual([
      ["ttt_win", 10],
      ["World History: 2 correct +20", 20],
      ["Science Facts: 1 correct +10", 10],
      ["redemption", -1000],
    ]);
  });

  it("answers nothing for no rows", () => {
    expect(groupTransactions([])).toEqual([]);
  });
});
