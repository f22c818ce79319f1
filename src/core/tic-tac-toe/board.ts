/**
 * Tic Tac Toe rules (docs/product.md), pure and shared by the server (authoritative games) and the browser (guest games).
 * The player is X and moves first; the bot is O. Cells are numbered 0..8, row by row.
 */

export type Mark = "X" | "O";
export type Cell = Mark | null;
/** Nine cells, row by row. */
export type Board = readonly Cell[];
export type Line = readonly [number, number, number];

export const PLAYER: Mark = "X";
export const BOT: Mark = "O";
export const CELL_COUNT = 9;
export const CENTRE = 4;
export const CORNERS: readonly number[] = [0, 2, 6, 8];
/** docs/product.md: the bot replies 700 ms after the player's move. */
export const BOT_REPLY_DELAY_MS = 700;

/** The 8 winning lines: 3 rows, 3 columns, 2 diagonals. */
export const LINES: readonly Line[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

export type Outcome =
  | { status: "playing"; next: Mark }
  | { status: "won"; winner: Mark; line: Line }
  | { status: "draw" };

export const emptyBoard = (): Board => Array<Cell>(CELL_COUNT).fill(null);

export function isCellIndex(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < CELL_COUNT;
}

/** The first completed line and its mark, or null. */
export function findWinner(board: Board): { winner: Mark; line: Line } | null {
  for (const line of LINES) {
    const [a, b, c] = line;
    const mark = board[a];
    if (mark && mark === board[b] && mark === board[c]) return { winner: mark, line };
  }
  return null;
}

export function freeCells(board: Board): number[] {
  const free: number[] = [];
  for (let i = 0; i < CELL_COUNT; i++) if (!board[i]) free.push(i);
  return free;
}

const count = (board: Board, mark: Mark) => board.filter((c) => c === mark).length;

/** Whether the marks could have come from X and O taking turns, X first. */
export function isWellFormed(board: Board): boolean {
  if (board.length !== CELL_COUNT) return false;
  const diff = count(board, "X") - count(board, "O");
  return diff === 0 || diff === 1;
}

/** Won (a line), draw (full board) or playing (with the mark to move next). */
export function getOutcome(board: Board): Outcome {
  const won = findWinner(board);
  if (won) return { status: "won", ...won };
  if (freeCells(board).length === 0) return { status: "draw" };
  return { status: "playing", next: count(board, "X") > count(board, "O") ? "O" : "X" };
}

export class IllegalMoveError extends Error {
  constructor(
    readonly reason: "bad-cell" | "game-over" | "not-your-turn" | "cell-taken",
    message: string,
  ) {
    super(message);
  }
}

/** Why `mark` may not play `cell` on `board`, or null when the move is legal. */
export function checkMove(board: Board, cell: number, mark: Mark): IllegalMoveError | null {
  if (!isCellIndex(cell)) return new IllegalMoveError("bad-cell", "Choose a cell from 0 to 8.");
  const outcome = getOutcome(board);
  if (outcome.status !== "playing") return new IllegalMoveError("game-over", "This game is already over.");
  if (outcome.next !== mark) return new IllegalMoveError("not-your-turn", "It is not your turn.");
  if (board[cell]) return new IllegalMoveError("cell-taken", "That cell is already taken.");
  return null;
}

/** A new board with `mark` on `cell`; throws {@link IllegalMoveError} for an illegal move. */
export function applyMove(board: Board, cell: number, mark: Mark): Board {
  const error = checkMove(board, cell, mark);
  if (error) throw error;
  const next = [...board];
  next[cell] = mark;
  return next;
}
