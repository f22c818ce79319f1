import { describe, expect, it } from "vitest";
import {
  applyMove,
  type Board,
  type Cell,
  checkMove,
  emptyBoard,
  findWinner,
  freeCells,
  getOutcome,
  IllegalMoveError,
  isCellIndex,
  isWellFormed,
  LINES,
} from "./board";

/** "XO-......" → board; '-' or '.' is empty. */
const b = (s: string): Board => [...s].map((c): Cell => (c === "X" || c === "O" ? c : null));

describe("lines", () => {
  it("are the 3 rows, 3 columns and 2 diagonals of a 3×3 grid", () => {
    const expected = new Set<string>();
    for (let r = 0; r < 3; r++) expected.add([0, 1, 2].map((c) => r * 3 + c).join());
    for (let c = 0; c < 3; c++) expected.add([0, 1, 2].map((r) => r * 3 + c).join());
    expected.add("0,4,8");
    expected.add("2,4,6");
    expect(LINES).toHaveLength(8);
    expect(new Set(LINES.map((l) => [...l].sort((x, y) => x - y).join()))).toEqual(expected);
  });
});

describe("outcome", () => {
  it("finds a winner on every line, for both marks", () => {
    for (const line of LINES)
      for (const mark of ["X", "O"] as const) {
        const board = emptyBoard().map((_, i) => (line.includes(i) ? mark : null));
        expect(findWinner(board)).toEqual({ winner: mark, line });
        expect(getOutcome(board)).toEqual({ status: "won", winner: mark, line });
      }
  });

  it("reports a full board without a line as a draw", () => {
    expect(getOutcome(b("XOXXOOOXX"))).toEqual({ status: "draw" });
  });

  it("prefers a line over a full board (X wins on the last move)", () => {
    expect(getOutcome(b("XOXOXOOXX"))).toMatchObject({ status: "won", winner: "X", line: [0, 4, 8] });
  });

  it("names the mark to move", () => {
    expect(getOutcome(emptyBoard())).toEqual({ status: "playing", next: "X" });
    expect(getOutcome(b("X--------"))).toEqual({ status: "playing", next: "O" });
    expect(getOutcome(b("X---O----"))).toEqual({ status: "playing", next: "X" });
  });

  it("lists free cells and checks well-formedness", () => {
    expect(freeCells(b("X---O---X"))).toEqual([1, 2, 3, 5, 6, 7]);
    expect(isWellFormed(b("XX-------"))).toBe(false);
    expect(isWellFormed(b("O--------"))).toBe(false);
    expect(isWellFormed(b("XO-------"))).toBe(true);
    expect(isWellFormed(b("XO"))).toBe(false);
  });
});

describe("moves", () => {
  it("applies a legal move without touching the old board", () => {
    const before = emptyBoard();
    const after = applyMove(before, 4, "X");
    expect(after[4]).toBe("X");
    expect(before[4]).toBeNull();
  });

  it.each([
    [emptyBoard(), -1, "X", "bad-cell"],
    [emptyBoard(), 9, "X", "bad-cell"],
    [emptyBoard(), 1.5, "X", "bad-cell"],
    [emptyBoard(), 0, "O", "not-your-turn"],
    [b("X--------"), 1, "X", "not-your-turn"],
    [b("X---O----"), 0, "X", "cell-taken"],
    [b("XXXOO----"), 5, "O", "game-over"],
    [b("XOXXOOOXX"), 0, "X", "game-over"],
  ] as const)("refuses an illegal move (%#)", (board, cell, mark, reason) => {
    const error = checkMove(board, cell, mark);
    expect(error).toBeInstanceOf(IllegalMoveError);
    expect(error?.reason).toBe(reason);
    expect(() => applyMove(board, cell, mark)).toThrow(IllegalMoveError);
  });

  it("knows the cell indexes", () => {
    expect([0, 8].map(isCellIndex)).toEqual([true, true]);
    expect([-1, 9, Number.NaN, 0.5].map(isCellIndex)).toEqual([false, false, false, false]);
  });
});
