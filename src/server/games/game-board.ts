import type { Board, Cell } from "~/core/tic-tac-toe/board";

/** The stored form of a board: nine characters, row by row, 'X', 'O' or '-' (see migration 0005). */

export function parseBoard(text: string): Board {
  if (!/^[XO-]{9}$/.test(text)) throw new Error(`corrupt stored board: ${JSON.stringify(text)}`);
  return [...text].map((c): Cell => (c === "-" ? null : (c as "X" | "O")));
}

export function formatBoard(board: Board): string {
  return board.map((c) => c ?? "-").join("");
}
