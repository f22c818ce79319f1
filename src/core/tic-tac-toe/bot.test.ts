import { describe, expect, it } from "vitest";
import { applyMove, type Board, CORNERS, emptyBoard, getOutcome, type Mark } from "./board";
import { botOptions, chooseBotMove, pick } from "./bot";

/**
 * Exhaustive check of the bot (docs/product.md): every game where X plays any free cell and O answers with the bot,
 * under every random choice the bot can make. The oracle below re-derives the lines from the grid
 * so it does not share code with the rules under test.
 */

const oracleLines: number[][] = [];
for (let k = 0; k < 3; k++) {
  oracleLines.push([0, 1, 2].map((j) => k * 3 + j));
  oracleLines.push([0, 1, 2].map((j) => j * 3 + k));
}
oracleLines.push([0, 4, 8], [2, 4, 6]);

const wins = (board: Board, mark: Mark) => oracleLines.some((l) => l.every((i) => board[i] === mark));
const free = (board: Board) => [...board.keys()].filter((i) => board[i] === null);
/** Cells where `mark` would complete a line right now. */
const winningCells = (board: Board, mark: Mark) =>
  free(board).filter((i) =>
    wins(
      board.map((c, j) => (j === i ? mark : c)),
      mark,
    ),
  );

/** Every random value that makes `pick` choose each of `n` items: the bottom, middle and top of its slice. */
const randomsFor = (n: number) =>
  Array.from({ length: n }, (_, k) => [k / n, (k + 0.5) / n, (k + 1) / n - 1e-9]).flat();

interface Visit {
  board: Board;
  /** The bot's possible replies (all random choices). */
  replies: number[];
}

/** Walks every reachable position with O to move; returns them with the bot's possible replies. */
function enumerateBotPositions(): { positions: Visit[]; finals: Board[] } {
  const positions: Visit[] = [];
  const finals: Board[] = [];
  const seen = new Set<string>();
  const key = (board: Board) => board.map((c) => c ?? "-").join("");
  const walk = (board: Board) => {
    const outcome = getOutcome(board);
    if (outcome.status !== "playing") {
      finals.push(board);
      return;
    }
    for (const cell of free(board)) {
      const afterX = applyMove(board, cell, "X");
      if (getOutcome(afterX).status !== "playing") {
        finals.push(afterX);
        continue;
      }
      const replies = new Set<number>();
      for (const r of randomsFor(9)) replies.add(chooseBotMove(afterX, () => r));
      if (!seen.has(key(afterX))) {
        seen.add(key(afterX));
        positions.push({ board: afterX, replies: [...replies].sort((a, b) => a - b) });
      }
      for (const reply of replies) walk(applyMove(afterX, reply, "O"));
    }
  };
  walk(emptyBoard());
  return { positions, finals };
}

const { positions, finals } = enumerateBotPositions();
const POSITIONS = 513;
const FINALS = 1624;

describe("bot (docs/product.md) over every reachable position", () => {
  it("visits a meaningful number of positions", () => {
    // Distinct positions with O to move, and finished games counted once per path.
    expect(positions.length).toBe(POSITIONS);
    expect(finals.length).toBe(FINALS);
  });

  it("the random source reaches exactly the cells its rule allows", () => {
    for (const { board, replies } of positions) expect(replies).toEqual(botOptions(board).cells);
  });

  it("always plays a free cell", () => {
    for (const { board, replies } of positions) for (const r of replies) expect(board[r]).toBeNull();
  });

  it("never misses an available win", () => {
    let checked = 0;
    for (const { board, replies } of positions) {
      const oWins = winningCells(board, "O");
      if (oWins.length === 0) continue;
      checked++;
      for (const r of replies) expect(oWins).toContain(r);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("blocks the player whenever it cannot win", () => {
    let checked = 0;
    for (const { board, replies } of positions) {
      if (winningCells(board, "O").length > 0) continue;
      const threats = winningCells(board, "X");
      if (threats.length === 0) continue;
      checked++;
      for (const r of replies) expect(threats).toContain(r);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("then takes the centre, then a random free corner, then a random free cell", () => {
    const seen = { centre: 0, corner: 0, any: 0 };
    for (const { board, replies } of positions) {
      if (winningCells(board, "O").length > 0 || winningCells(board, "X").length > 0) continue;
      const freeCorners = CORNERS.filter((i) => board[i] === null);
      if (board[4] === null) {
        seen.centre++;
        expect(replies).toEqual([4]);
      } else if (freeCorners.length > 0) {
        seen.corner++;
        expect(replies).toEqual(freeCorners);
      } else {
        seen.any++;
        expect(replies).toEqual(free(board));
      }
    }
    expect(seen.centre).toBeGreaterThan(0);
    expect(seen.corner).toBeGreaterThan(0);
    expect(seen.any).toBeGreaterThan(0);
  });
});

describe("the acceptance line beats the bot", () => {
  /** X: a corner, the opposite corner, block the bot's threat, then take the threat left open. */
  it("wins from every corner under every random choice", () => {
    let games = 0;
    for (const corner of CORNERS) {
      const opposite = 8 - corner;
      let board = applyMove(emptyBoard(), corner, "X");
      expect(botOptions(board).cells).toEqual([4]);
      board = applyMove(board, 4, "O");
      board = applyMove(board, opposite, "X");
      const botCorners = botOptions(board);
      expect(botCorners.rule).toBe("corner");
      for (const botCorner of botCorners.cells) {
        let b1 = applyMove(board, botCorner, "O");
        const threat = winningCells(b1, "O");
        expect(threat).toEqual([8 - botCorner]);
        b1 = applyMove(b1, threat[0] as number, "X");
        const xThreats = winningCells(b1, "X");
        expect(xThreats).toHaveLength(2);
        const block = botOptions(b1);
        expect(block.rule).toBe("block");
        for (const blocked of block.cells) {
          const b2 = applyMove(b1, blocked, "O");
          const finish = winningCells(b2, "X");
          expect(finish).toHaveLength(1);
          const end = applyMove(b2, finish[0] as number, "X");
          expect(getOutcome(end)).toMatchObject({ status: "won", winner: "X" });
          games++;
        }
      }
    }
    expect(games).toBe(16);
  });
});

describe("pick", () => {
  it("maps [0, 1) onto every item and clamps out-of-range values", () => {
    const items = ["a", "b", "c"];
    expect([0, 0.34, 0.99].map((r) => pick(items, () => r))).toEqual(["a", "b", "c"]);
    expect(pick(items, () => 1)).toBe("c");
    expect(pick(items, () => -0.5)).toBe("a");
    expect(() => pick([], () => 0)).toThrow();
  });
});
