import { type Board, CENTRE, CORNERS, freeCells, LINES, type Mark } from "./board";

/** A random number in [0, 1), like `Math.random`; injected so tests can enumerate every choice. */
export type Random = () => number;

export type BotRule = "win" | "block" | "centre" | "corner" | "any";

/** Free cells that would complete a line of `mark`. */
export function completingCells(board: Board, mark: Mark): number[] {
  const cells = new Set<number>();
  for (const line of LINES) {
    const marks = line.map((i) => board[i]);
    const free = line.filter((i) => !board[i]);
    if (free.length === 1 && marks.filter((m) => m === mark).length === 2) cells.add(free[0] as number);
  }
  return [...cells].sort((a, b) => a - b);
}

/**
 * The bot's strategy of docs/product.md, in order: win if possible, else block the player, else take the centre,
 * else a random free corner, else a random free cell. Returns the first rule that applies and the cells it
 * allows; the bot picks one of them at random. Empty cells list only on a full board.
 */
export function botOptions(board: Board, bot: Mark = "O"): { rule: BotRule; cells: number[] } {
  const player: Mark = bot === "O" ? "X" : "O";
  const wins = completingCells(board, bot);
  if (wins.length > 0) return { rule: "win", cells: wins };
  const blocks = completingCells(board, player);
  if (blocks.length > 0) return { rule: "block", cells: blocks };
  if (!board[CENTRE]) return { rule: "centre", cells: [CENTRE] };
  const corners = CORNERS.filter((i) => !board[i]);
  if (corners.length > 0) return { rule: "corner", cells: corners };
  return { rule: "any", cells: freeCells(board) };
}

/** One of `items`, chosen by `random` in [0, 1). */
export function pick<T>(items: readonly T[], random: Random): T {
  if (items.length === 0) throw new Error("pick from an empty list");
  const index = Math.min(items.length - 1, Math.max(0, Math.floor(random() * items.length)));
  return items[index] as T;
}

/** The bot's move on `board` (it must be the bot's turn and a cell must be free). */
export function chooseBotMove(board: Board, random: Random, bot: Mark = "O"): number {
  return pick(botOptions(board, bot).cells, random);
}
