import type { KeyboardEvent } from "react";
import { useRef } from "react";
import type { Board } from "~/core/tic-tac-toe/board";
import { cn } from "~/web/lib/cn";

export interface TicTacToeBoardProps {
  board: Board;
  winningLine: readonly number[] | null;
  canPlay: (cell: number) => boolean;
  onPlay: (cell: number) => void;
}

const arrowSteps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 };

/**
 * The 3×3 board: nine buttons named 'Cell n, empty' / 'Cell n, X' / 'Cell n, O'. A cell that cannot be played
 * (filled, game over, bot thinking) is aria-disabled rather than disabled, so keyboard focus stays on it after
 * a move; arrow keys move between cells.
 */
export function TicTacToeBoard({ board, winningLine, canPlay, onPlay }: TicTacToeBoardProps) {
  const cells = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = arrowSteps[event.key];
    if (step === undefined) return;
    const target = index + step;
    const sameRow = Math.abs(step) !== 1 || Math.floor(target / 3) === Math.floor(index / 3);
    if (target < 0 || target > 8 || !sameRow) return;
    event.preventDefault();
    cells.current[target]?.focus();
  }

  return (
    <fieldset className="grid grid-cols-3 gap-2 sm:gap-3">
      <legend className="sr-only">Tic Tac Toe board</legend>
      {board.map((mark, index) => {
        const playable = canPlay(index);
        const winning = winningLine?.includes(index) ?? false;
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the nine cells are fixed positions.
            key={index}
            ref={(el) => {
              cells.current[index] = el;
            }}
            type="button"
            aria-label={`Cell ${index + 1}, ${mark ?? "empty"}`}
            aria-disabled={!playable}
            data-winning={winning || undefined}
            onClick={() => onPlay(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "flex size-22 items-center justify-center rounded-xl border-2 bg-card text-5xl font-extrabold shadow-sm transition-colors sm:size-28 sm:text-6xl",
              "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring",
              playable ? "cursor-pointer hover:bg-muted" : "cursor-default",
              mark === "X" && "text-brand",
              mark === "O" && "text-sky-700 dark:text-sky-300",
              winning &&
                "border-primary-hover bg-primary text-primary-foreground dark:text-primary-foreground",
            )}
          >
            <span aria-hidden="true">{mark}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
