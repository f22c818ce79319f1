import { type Board, freeCells, getOutcome } from "~/core/tic-tac-toe/board";
import { botOptions, completingCells } from "~/core/tic-tac-toe/bot";

/**
 * X strategies against the bot (docs/product.md), for API and E2E tests that must follow the bot's real (random) replies.
 * Both take the board with X to move and return X's cell.
 */

const count = (board: Board, mark: "X" | "O") => board.filter((c) => c === mark).length;

/**
 * The acceptance line: corner 0, the opposite corner 8, then win if possible, else block the bot
 * (its diagonal threat) — which leaves X two threats, one of which the bot cannot block. Always wins
 * (proved for every random choice in src/core/tic-tac-toe/bot.test.ts).
 */
export function acceptanceLineMove(board: Board): number {
  const xs = count(board, "X");
  if (xs === 0) return 0;
  if (xs === 1) return 8;
  const win = completingCells(board, "X")[0];
  if (win !== undefined) return win;
  const block = completingCells(board, "O")[0];
  if (block !== undefined) return block;
  throw new Error(`the acceptance line has no move on ${board.map((c) => c ?? "-").join("")}`);
}

/** True when X, moving now, can make the game end in a draw whatever the bot chooses. */
function canForceDraw(board: Board): boolean {
  return drawingMoveOrNull(board) !== null;
}

function drawingMoveOrNull(board: Board): number | null {
  for (const cell of freeCells(board)) {
    const afterX = board.map((c, i) => (i === cell ? "X" : c));
    const outcome = getOutcome(afterX);
    if (outcome.status === "draw") return cell;
    if (outcome.status === "won") continue;
    const safe = botOptions(afterX).cells.every((reply) => {
      const afterO = afterX.map((c, i) => (i === reply ? "O" : c));
      const next = getOutcome(afterO);
      return next.status === "draw" || (next.status === "playing" && canForceDraw(afterO));
    });
    if (safe) return cell;
  }
  return null;
}

/** A move that keeps a draw certain against every bot reply (X neither wins nor loses). */
export function drawingMove(board: Board): number {
  const cell = drawingMoveOrNull(board);
  if (cell === null) throw new Error(`no drawing move on ${board.map((c) => c ?? "-").join("")}`);
  return cell;
}
